export * from './form';
export * from './input';
export * from './select';
export * from './textarea';
export * from './form-drawer';
export * from './label';
export * from './switch';
