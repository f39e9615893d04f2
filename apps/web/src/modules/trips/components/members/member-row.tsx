import { Trans, useLingui } from '@lingui/react/macro';
import type { TripMember, TripRole } from '@tripcrew/contracts/trips';
import { UserX } from 'lucide-react';
import { IconTextButton } from '../../../../components/ui/icon-text-button.tsx';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { RoleBadge } from './role-badge.tsx';
import { RoleSelect } from './role-select.tsx';

interface MemberRowProps {
  member: TripMember;
  isMe: boolean;
  /** The caller manages people (admin): role select and remove. */
  manage: boolean;
  busy: boolean;
  onRoleChange: (role: TripRole) => void;
  onRemove: () => void;
}

export const fullName = (member: Pick<TripMember, 'name' | 'lastName'>): string =>
  `${member.name} ${member.lastName}`.trim();

/** One person of the trip: avatar, name, role; for an admin the role select and Remove. */
export function MemberRow({ member, isMe, manage, busy, onRoleChange, onRemove }: MemberRowProps) {
  const { t } = useLingui();
  const name = fullName(member);
  return (
    <li
      data-testid="trip-member"
      className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0 sm:flex-nowrap"
    >
      <Avatar src={member.image.thumbnail} name={name} decorative />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">
          {name}
          {isMe && (
            <span className="font-normal text-slate-500 dark:text-slate-400">
              {' '}
              <Trans>(you)</Trans>
            </span>
          )}
        </span>
        <span>
          <RoleBadge role={member.role} />
        </span>
      </div>
      {manage && (
        <div className="flex w-full items-center justify-end gap-2 sm:w-auto">
          <RoleSelect
            label={t`Role of ${name}`}
            value={member.role}
            disabled={busy}
            onChange={onRoleChange}
          />
          {!isMe && (
            <IconTextButton
              icon={UserX}
              className={buttonClass({ variant: 'ghost', size: 'sm' })}
              disabled={busy}
              onClick={onRemove}
              aria-label={t`Remove ${name}`}
            >
              <Trans>Remove</Trans>
            </IconTextButton>
          )}
        </div>
      )}
    </li>
  );
}
