import { TRIP_EDITOR_ROLES, TRIP_ROLES, type TripRole } from '@tripcrew/contracts/constants';

/**
 * Who may do what with a trip's money (issue 24; docs/trips-permissions.md, "Money"):
 * - read the budget, the expenses and the balances: admins, members, drivers and guides; guests,
 *   others and viewers only when the admin has made the money visible to them;
 * - add an expense or record a settlement: admins, members, drivers and guides; an expense paid by
 *   the caller unless an admin, a settlement by its payer, its payee or an admin;
 * - change or delete an expense: its author (while still one of those roles) or an admin; the
 *   author keeps the payer an admin chose, and only an admin names another one;
 * - change the amount of a settlement or delete it: its payer or payee (while still one of those
 *   roles) or an admin (issue 35);
 * - be in an expense (pay it, share it): everyone in the trip, viewers included (issue 35);
 * - read one's own part (balance, entries one pays or shares): everyone in the trip, and a former
 *   member whose balance is not zero (issue 35);
 * - change the budget, its base currency and who sees it: admins;
 * - see a receipt: the people in the expense (who paid, who shares it) and admins.
 * Everyone else in the trip gets 403; people outside it 404 (the trip is not shown to them).
 */
export type MoneyAction = 'money.read' | 'money.add' | 'money.manage';

const TRAVELLERS: readonly TripRole[] = TRIP_EDITOR_ROLES;

export function mayDo(role: TripRole, action: MoneyAction, visibleToGuests: boolean): boolean {
  if (action === 'money.manage') return role === 'admin';
  if (action === 'money.add') return TRAVELLERS.includes(role);
  return TRAVELLERS.includes(role) || visibleToGuests;
}

export function mayChangeExpense(role: TripRole, userId: string, createdBy: string | null): boolean {
  if (role === 'admin') return true;
  return TRAVELLERS.includes(role) && createdBy === userId;
}

/** Who records an expense as paid by `paidBy`: that person, or an admin for anyone. */
export function mayRecordPaidBy(role: TripRole, userId: string, paidBy: string): boolean {
  return role === 'admin' || paidBy === userId;
}

/** Who records a settlement from `from` to `to`: one of the two, or an admin. */
export function mayRecordSettlement(role: TripRole, userId: string, from: string, to: string): boolean {
  return role === 'admin' || userId === from || userId === to;
}

export function maySeeReceipt(role: TripRole, userId: string, peopleInExpense: readonly string[]): boolean {
  return role === 'admin' || peopleInExpense.includes(userId);
}

/** Who changes or deletes a settlement from `from` to `to`: one of the two, or an admin. */
export function mayChangeSettlement(role: TripRole, userId: string, from: string, to: string): boolean {
  if (role === 'admin') return true;
  return TRAVELLERS.includes(role) && (userId === from || userId === to);
}

/**
 * Everyone in the trip may be part of its costs, viewers included (issue 35): a viewer who joins
 * a dinner owes their part like anyone. Adding and changing expenses stays with the travellers.
 */
export function mayShareCosts(role: TripRole): boolean {
  return TRIP_ROLES.includes(role);
}

/**
 * Who reads their own part of a trip's money (their balance and the entries they pay or share),
 * whatever the admin shares: everyone in the trip, and someone who left it or was removed while
 * money is still open for them (a non-zero balance). Anyone else gets 404.
 */
export function mayReadOwnMoney(role: TripRole | null, balanceMinor: number): boolean {
  return role !== null || balanceMinor !== 0;
}

export const FORBIDDEN_MESSAGES: Record<MoneyAction, string> = {
  'money.read': "The trip's admin has not shared its money with guests and viewers.",
  'money.add': 'Only members, drivers, guides and admins of the trip add expenses.',
  'money.manage': "Only the trip's admins change its budget.",
};
export const NOT_OWN_PAYMENT =
  'Record only what you paid yourself: an admin of the trip records what others paid.';
export const NOT_A_PARTY =
  'Only who paid, who was paid, or an admin of the trip records a settlement between them.';
export const NOT_AUTHOR = 'Only who added this expense, or an admin of the trip, may change it.';
export const NOT_A_PARTY_TO_CHANGE =
  'Only who paid, who was paid, or an admin of the trip changes or deletes this settlement.';
