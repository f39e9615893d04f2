import type { Trip } from '@tripcrew/contracts/trips';
import type { MoneyPerson } from '../../modules/expenses/components/money-ui.ts';

/** What the trip page's bookings and money tabs share: the people of the money, links between them. */

/** The trip's members as the money screens name them: who may pay or share (viewers included). */
export const moneyPeopleOf = (users: Trip['users']): MoneyPerson[] =>
  users.map((member) => ({ _id: member._id, name: `${member.name} ${member.lastName}`.trim() }));

/** The query parameter naming the expense the money tab brings into view (a booking's "In expenses"). */
export const SHOWN_EXPENSE_PARAM = 'expense';

/** Where the trip page's money tab shows an expense. */
export const expenseHref = (expenseId: string): string =>
  `?tab=budget&${SHOWN_EXPENSE_PARAM}=${encodeURIComponent(expenseId)}`;

/** Where the trip page shows its bookings. */
export const BOOKINGS_HREF = '?tab=bookings';
