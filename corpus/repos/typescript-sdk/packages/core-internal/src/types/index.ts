// Internal barrel — re-exports everything for use within the SDK packages.
// The public API is defined in @modelcontextprotocol/core-internal/public (see exports/public/index.ts).
export * from './constants';
export * from './enums';
export * from './errors';
export * from './guards';
export * from './schemas';
export * from './specTypeSchema';
export * from './types';
