export * from './dialog';
export * from './confirmation-dialog';
