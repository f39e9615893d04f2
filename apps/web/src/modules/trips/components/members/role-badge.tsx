import { i18n } from '../../../../lib/i18n/i18n.ts';
import type { TripRole } from '@tripcrew/contracts/trips';
import clsx from 'clsx';
import { ROLE_LABELS } from './member-roles.ts';

/** The visible role label of a member (not only a tooltip). */
export function RoleBadge({ role }: { role: TripRole }) {
  return (
    <span
      data-testid="role-badge"
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        role === 'admin'
          ? 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100'
          : role === 'viewer'
            ? 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
            : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
      )}
    >
      {i18n._(ROLE_LABELS[role])}
    </span>
  );
}
