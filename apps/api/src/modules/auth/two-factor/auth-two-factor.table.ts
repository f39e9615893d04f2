import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/users.table.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Two-factor sign-in (TOTP, RFC 6238) of a user: one row per user. The secret is stored sealed
 * (AES-256-GCM, key derived from the server secret); `enabled_at` is null while the enrollment
 * waits for its first code. `last_used_step` refuses a code of a step already used;
 * `failed_attempts` and `last_failed_at` drive the progressive delay between wrong codes.
 */
export const twoFactorSettings = pgTable('two_factor_settings', {
  userId: owner().primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: at('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lastFailedAt: at('last_failed_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, stored as keyed hashes only. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: handed out after the right password when two-factor sign-in is
 * on, stored as SHA-256 only, short-lived, single use, and ended after too many wrong codes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);
