export * from './md-preview';
