// The account module's public entry: other modules use it only through this file (decision 010).
export * from './account-deletion.service.ts';
export * from './account-export.service.ts';
