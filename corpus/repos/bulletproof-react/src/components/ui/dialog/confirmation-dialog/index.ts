export * from './confirmation-dialog';
