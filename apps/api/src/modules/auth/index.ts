// The auth module's public entry: other modules use it only through this file (decision 010).
export * from './auth.service.ts';
