import { msg } from '@lingui/core/macro';
import type { TripMember } from '@tripcrew/contracts/trips';
import { classes } from './packing-styles.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const ANYONE_LABEL = msg`Anyone`;

export const memberName = (member: TripMember): string => `${member.name} ${member.lastName}`.trim();

interface PackingAssigneeSelectProps {
  members: readonly TripMember[];
  /** The member's id, or null for anyone. */
  value: string | null;
  onChange: (memberId: string | null) => void;
  label: string;
  disabled?: boolean;
  className?: string;
}

/** Who brings an item: one of the trip's travelling members (not a viewer), or anyone. */
export function PackingAssigneeSelect({
  members,
  value,
  onChange,
  label,
  disabled = false,
  className,
}: PackingAssigneeSelectProps) {
  const known = value === null || members.some((member) => member._id === value);
  // Viewers do not travel; one already chosen (before a role change) stays shown.
  const choices = members.filter((member) => member.role !== 'viewer' || member._id === value);
  return (
    <select
      aria-label={label}
      value={known ? (value ?? '') : ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      className={classes(
        'min-w-0 rounded-xl border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        className,
      )}
    >
      <option value="">{i18n._(ANYONE_LABEL)}</option>
      {choices.map((member) => (
        <option key={member._id} value={member._id}>
          {memberName(member)}
        </option>
      ))}
    </select>
  );
}
