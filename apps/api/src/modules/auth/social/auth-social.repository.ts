import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { oauthAccounts } from '../auth.table.ts';

/** SQL of the Google and GitHub identities linked to users. */

export type OAuthProviderName = 'google' | 'github';

export async function findOAuthAccountUserId(
  db: Db,
  provider: OAuthProviderName,
  providerUserId: string,
): Promise<string | undefined> {
  const rows = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return rows[0]?.userId;
}

export async function insertOAuthAccount(
  db: Db,
  values: { provider: OAuthProviderName; providerUserId: string; userId: string },
): Promise<void> {
  await db.insert(oauthAccounts).values(values).onConflictDoNothing();
}
