export * from './dropdown';
