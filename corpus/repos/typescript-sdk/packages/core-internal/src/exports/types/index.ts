export type * from '../../types/index';
