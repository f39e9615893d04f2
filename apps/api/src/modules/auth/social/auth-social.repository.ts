import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { findFirst } from '../../../db/find-value.ts';
import { oauthAccounts } from '../auth.table.ts';

/** SQL of the Google and GitHub identities linked to users. */

export type OAuthProviderName = 'google' | 'github';

export async function findOAuthAccountUserId(
  db: Db,
  provider: OAuthProviderName,
  providerUserId: string,
): Promise<string | undefined> {
  const where = and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId));
  const account = await findFirst(db, oauthAccounts, where);
  return account?.userId;
}

export async function insertOAuthAccount(
  db: Db,
  values: { provider: OAuthProviderName; providerUserId: string; userId: string },
): Promise<void> {
  await db.insert(oauthAccounts).values(values).onConflictDoNothing();
}
