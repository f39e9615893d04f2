// The vocabulary module's public entry: other modules use it only through this file (decision 010).
export * from './vocabulary.service.ts';
