import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

// Columns every auth table repeats (a fresh builder per table).
const id = () => uuid('id').primaryKey().defaultRandom();
/** The user the row belongs to; deleting the user deletes the row. */
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/** Short numeric codes mailed to the user: 'confirm' (registration) and 'recovery' (password reset). */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    userId: owner(),
    purpose: text('purpose', { enum: ['confirm', 'recovery'] }).notNull(),
    /** HMAC-SHA256 of the code keyed with the server secret: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Single-use links: 'activation' (registration mail) and 'social' (return from Google/GitHub). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: owner(),
    purpose: text('purpose', { enum: ['activation', 'social'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256 only. One row per token; a login starts a family and
 * every refresh rotates to a new row of the same family (docs/decisions/006).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: owner(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
    /** The client's User-Agent header when the token was issued (at most 256 characters). */
    userAgent: text('user_agent'),
    /**
     * The network the session was last used from, never the full address: an IPv4 /24
     * ("203.0.113.0/24") or an IPv6 /48 ("2001:db8:abcd::/48"). Set at issue, updated with lastUsedAt.
     */
    network: text('network'),
    /** When the session last made a signed-in call (at most once a minute), on its live token. */
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** A Google or GitHub identity linked to a user. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    provider: text('provider', { enum: ['google', 'github'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: owner(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_user_key').on(t.provider, t.providerUserId),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins, counted per account and per address for login throttling (AUTH-07). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);
