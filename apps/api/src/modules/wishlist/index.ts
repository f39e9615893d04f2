// The wishlist module's public entry: other modules use it only through this file (decision 010).
export * from './wishlist.service.ts';
