export * from './content-layout';
export * from './dashboard-layout';
