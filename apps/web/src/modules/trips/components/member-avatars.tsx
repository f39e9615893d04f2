import { useLingui } from '@lingui/react/macro';
import type { TripMember } from '@tripcrew/contracts/trips';
import { Avatar } from '../../../components/ui/avatar.tsx';

interface MemberAvatarsProps {
  members: readonly TripMember[];
  /** Avatars shown before a '+N' chip. */
  max?: number;
  size?: 'xs' | 'sm' | 'md';
}

const fullName = (member: TripMember) => `${member.name} ${member.lastName}`.trim() || 'member';

/** Overlapping member avatars (image.thumbnail, initials fallback) with a '+N' chip for the rest. */
export function MemberAvatars({ members, max = 5, size = 'sm' }: MemberAvatarsProps) {
  const { t } = useLingui();
  const shown = members.slice(0, max);
  const rest = members.length - shown.length;
  return (
    <ul aria-label={t`members`} className="flex items-center -space-x-2">
      {shown.map((member) => (
        <li key={member._id} title={`${fullName(member)} (${member.role})`}>
          <Avatar src={member.image.thumbnail} name={fullName(member)} size={size} />
        </li>
      ))}
      {rest > 0 && (
        <li>
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 ring-2 ring-white dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-900">
            +{rest}
          </span>
        </li>
      )}
    </ul>
  );
}
