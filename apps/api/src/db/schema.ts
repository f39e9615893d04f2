// Every module's tables, for Drizzle's relational queries and drizzle-kit.
export * from '../modules/vocabulary/vocabulary.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/auth/auth-passkeys.table.ts';
export * from '../modules/auth/auth-two-factor.table.ts';
export * from '../modules/places/places.table.ts';
export * from '../modules/features/features.table.ts';
export * from '../modules/categories/categories.table.ts';
export * from '../modules/suggestions/suggestions.table.ts';
export * from '../modules/crew/crew.table.ts';
export * from '../modules/trips/trips.table.ts';
export * from '../modules/wishlist/wishlist.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/notifications/notification-settings.table.ts';
export * from '../modules/chats/chats.table.ts';
export * from '../platform/idempotency.table.ts';
export * from '../modules/account/account-export.table.ts';
