// Every module's tables, for Drizzle's relational queries and drizzle-kit.
export * from '../modules/vocabulary/vocabulary.table.ts';
