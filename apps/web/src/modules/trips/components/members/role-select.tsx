import { i18n } from '../../../../lib/i18n/i18n.ts';
import type { TripRole } from '@tripcrew/contracts/trips';
import { ALL_ROLES, ROLE_HINTS, ROLE_LABELS } from './member-roles.ts';

export const SELECT_CLASS =
  'rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

interface RoleSelectProps {
  value: TripRole;
  onChange: (role: TripRole) => void;
  /** Accessible name, e.g. "Role of Ben". */
  label: string;
  roles?: readonly TripRole[];
  disabled?: boolean;
  withHints?: boolean;
}

/** A native select of trip roles (keyboard and screen readers for free). */
export function RoleSelect({
  value,
  onChange,
  label,
  roles = ALL_ROLES,
  disabled,
  withHints = false,
}: RoleSelectProps) {
  return (
    <select
      aria-label={label}
      className={SELECT_CLASS}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TripRole)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {withHints
            ? `${i18n._(ROLE_LABELS[role])} — ${i18n._(ROLE_HINTS[role])}`
            : i18n._(ROLE_LABELS[role])}
        </option>
      ))}
    </select>
  );
}
