// The account module's public entry: other modules use it only through this file (decision 010).
export * from './deletion/account-deletion.service.ts';
export * from './export/account-export.service.ts';
