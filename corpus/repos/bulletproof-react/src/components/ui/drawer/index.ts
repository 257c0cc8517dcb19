export * from './drawer';
