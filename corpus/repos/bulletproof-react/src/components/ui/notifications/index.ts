export * from './notifications';
export * from './notifications-store';
