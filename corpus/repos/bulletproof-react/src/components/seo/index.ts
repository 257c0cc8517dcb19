export * from './head';
