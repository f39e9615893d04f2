/**
 * The fewest transfers that settle a group (issue 24). Balances are in minor units of the trip's
 * base currency and add up to zero: positive is owed money, negative owes money.
 *
 * n people with a non-zero balance can always settle in n − 1 transfers; every group of them whose
 * balances add up to zero on their own saves one. Up to EXACT_LIMIT people the partition into the
 * most zero-sum groups is found exactly (a dynamic programme over subsets, 2^n states); above it,
 * the greedy settlement (at most n − 1 transfers). Within a group the largest debtor pays the
 * largest creditor, ties by user id: the same balances always give the same transfers.
 */
export interface Transfer {
  from: string;
  to: string;
  amountMinor: number;
}

export const EXACT_LIMIT = 15;

interface Balance {
  userId: string;
  amount: number;
}

function greedy(group: readonly Balance[]): Transfer[] {
  const debtors = group.filter((b) => b.amount < 0).map((b) => ({ ...b, amount: -b.amount }));
  const creditors = group.filter((b) => b.amount > 0).map((b) => ({ ...b }));
  const byLargest = (a: Balance, b: Balance) => b.amount - a.amount || a.userId.localeCompare(b.userId);
  const transfers: Transfer[] = [];
  while (debtors.length > 0 && creditors.length > 0) {
    debtors.sort(byLargest);
    creditors.sort(byLargest);
    const debtor = debtors[0] as Balance;
    const creditor = creditors[0] as Balance;
    const amount = Math.min(debtor.amount, creditor.amount);
    transfers.push({ from: debtor.userId, to: creditor.userId, amountMinor: amount });
    debtor.amount -= amount;
    creditor.amount -= amount;
    if (debtor.amount === 0) debtors.shift();
    if (creditor.amount === 0) creditors.shift();
  }
  return transfers;
}

/** The partition of `people` into the most groups that each add up to zero. */
function zeroSumGroups(people: readonly Balance[]): Balance[][] {
  const n = people.length;
  const full = (1 << n) - 1;
  const sums = new Float64Array(1 << n);
  const best = new Int8Array(1 << n);
  const last = new Int8Array(1 << n);
  for (let mask = 1; mask <= full; mask += 1) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = (sums[mask & (mask - 1)] ?? 0) + (people[low]?.amount ?? 0);
    let top = -1;
    let pick = -1;
    for (let i = 0; i < n; i += 1) {
      if (!(mask & (1 << i))) continue;
      const value = best[mask ^ (1 << i)] ?? 0;
      if (value > top) {
        top = value;
        pick = i;
      }
    }
    best[mask] = top + (sums[mask] === 0 ? 1 : 0);
    last[mask] = pick;
  }
  // Walk back from everyone: the masks where the running sum is zero close a group.
  const groups: Balance[][] = [];
  let current: Balance[] = [];
  for (let mask = full; mask !== 0;) {
    const i = last[mask] ?? 0;
    current.push(people[i] as Balance);
    mask ^= 1 << i;
    if (sums[mask] === 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/** The transfers that settle `balances` (userId → minor units, adding up to zero). */
export function settleUp(balances: ReadonlyMap<string, number>): Transfer[] {
  const people = [...balances]
    .filter(([, amount]) => amount !== 0)
    .map(([userId, amount]) => ({ userId, amount }))
    .sort((a, b) => a.userId.localeCompare(b.userId));
  const total = people.reduce((sum, b) => sum + b.amount, 0);
  if (total !== 0) throw new Error(`settleUp: the balances add up to ${total}, not zero`);
  if (people.length === 0) return [];
  if (people.length > EXACT_LIMIT) return greedy(people);
  return zeroSumGroups(people).flatMap(greedy);
}
