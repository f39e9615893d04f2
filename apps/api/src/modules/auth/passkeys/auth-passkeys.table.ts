import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, nowColumn, ownerColumn, timeColumn } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';

/** WebAuthn credentials (passkeys) a user signs in with instead of a password. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: idColumn(),
    userId: ownerColumn('user_id', () => users.id),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for most passkeys, which do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (internal, hybrid, usb, …). */
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: nowColumn(),
    lastUsedAt: timeColumn('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Challenges of passkey ceremonies: single use (deleted when consumed), short-lived. Registration
 * challenges belong to the signed-in user; sign-in challenges to nobody yet, found by their id.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: idColumn(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timeColumn('expires_at').notNull(),
    createdAt: nowColumn(),
  },
  (t) => [
    index('passkey_challenges_user_idx').on(t.userId, t.purpose),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
