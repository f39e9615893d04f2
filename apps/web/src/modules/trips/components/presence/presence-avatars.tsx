import type { PresentMember } from '@tripcrew/contracts/trip-presence';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { hereLabel } from './presence-names.ts';

interface PresenceAvatarsProps {
  /** The OTHER members who have the trip open now (the caller is never among them). */
  present: readonly PresentMember[];
  className?: string;
}

/** Avatars before the '+N' chip: fewer on a phone, where the cover's buttons share the row. */
const MAX_PHONE = 2;
const MAX_WIDE = 3;

const fullName = (member: PresentMember) => `${member.name} ${member.lastName}`.trim();

const CHIP =
  'size-7 sm:size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800 ring-2 ring-white dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-900';

/**
 * Who else has the trip page open now, as Google Docs and Figma show it: the others' avatars
 * (never oneself), a '+N' chip for the rest, a green dot for "live", and one label for screen
 * readers: "Ben and Carla are here". Nothing at all when nobody else is here (or offline).
 */
export function PresenceAvatars({ present, className }: PresenceAvatarsProps) {
  if (present.length === 0) return null;
  const shown = present.slice(0, MAX_WIDE);
  const restPhone = present.length - Math.min(present.length, MAX_PHONE);
  const restWide = present.length - shown.length;
  return (
    <div
      role="group"
      aria-label={hereLabel(present)}
      data-testid="trip-presence"
      className={`flex items-center gap-2 rounded-full bg-white/90 py-1 pr-1 pl-2.5 shadow dark:bg-slate-900/90 ${className ?? ''}`}
    >
      <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-emerald-500" />
      <ul aria-hidden="true" className="flex items-center -space-x-2">
        {shown.map((member, index) => (
          <li
            key={member._id}
            title={fullName(member)}
            data-testid="trip-presence-member"
            className={index >= MAX_PHONE ? 'hidden sm:block' : undefined}
          >
            <Avatar
              src={member.image.thumbnail}
              name={fullName(member)}
              size="sm"
              className="max-sm:size-7"
              decorative
            />
          </li>
        ))}
        {restPhone > 0 && (
          <li className="sm:hidden">
            <span className={`inline-flex ${CHIP}`}>+{restPhone}</span>
          </li>
        )}
        {restWide > 0 && (
          <li className="hidden sm:block">
            <span className={`inline-flex ${CHIP}`}>+{restWide}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
