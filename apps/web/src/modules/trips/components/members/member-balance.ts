import { t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney } from '../../../../lib/format/money.ts';

/** What the members tab needs of a trip's balances: each person's, in the base currency. */
export interface MemberBalances {
  baseCurrency: string;
  balances: readonly { _id: string; balanceMinor: number }[];
}

/**
 * The expenses module's balances of a trip, read by its own hook (the screen hands it over:
 * modules stay apart). Called as a hook, only where an admin confirms a removal.
 */
export type UseMemberBalances = (
  tripId: string,
) => Pick<UseQueryResult<MemberBalances>, 'data' | 'isPending' | 'isError'>;

/** "Ben owes €12.50" / "Ben is owed €12.50"; null when the balance is zero or unknown. */
export function balanceWarning(name: string, balances: MemberBalances | undefined, userId: string) {
  const minor = balances?.balances.find((person) => person._id === userId)?.balanceMinor ?? 0;
  if (!balances || minor === 0) return null;
  const amount = formatMoney(Math.abs(minor), balances.baseCurrency);
  return minor < 0 ? t`${name} owes ${amount}` : t`${name} is owed ${amount}`;
}
