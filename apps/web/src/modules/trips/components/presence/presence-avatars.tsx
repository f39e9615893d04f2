import type { PresentMember } from '@tripcrew/contracts/trip-presence';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { hereLabel } from './presence-names.ts';

interface PresenceAvatarsProps {
  /** The OTHER members who have the trip open now (the caller is never among them). */
  present: readonly PresentMember[];
  /** Avatars shown before a '+N' chip. */
  max?: number;
  className?: string;
}

const fullName = (member: PresentMember) => `${member.name} ${member.lastName}`.trim();

/**
 * Who else has the trip page open now, as Google Docs and Figma show it: the others' avatars
 * (never oneself), a '+N' chip for the rest, a green dot for "live", and one label for screen
 * readers: "Ben and Carla are here". Nothing at all when nobody else is here (or offline).
 */
export function PresenceAvatars({ present, max = 3, className }: PresenceAvatarsProps) {
  if (present.length === 0) return null;
  const shown = present.slice(0, max);
  const rest = present.length - shown.length;
  return (
    <div
      role="group"
      aria-label={hereLabel(present)}
      data-testid="trip-presence"
      className={`flex items-center gap-2 rounded-full bg-white/90 py-1 pr-1 pl-2.5 shadow dark:bg-slate-900/90 ${className ?? ''}`}
    >
      <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-emerald-500" />
      <ul aria-hidden="true" className="flex items-center -space-x-2">
        {shown.map((member) => (
          <li key={member._id} title={fullName(member)} data-testid="trip-presence-member">
            <Avatar src={member.image.thumbnail} name={fullName(member)} size="sm" decorative />
          </li>
        ))}
        {rest > 0 && (
          <li>
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800 ring-2 ring-white dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-900">
              +{rest}
            </span>
          </li>
        )}
      </ul>
    </div>
  );
}
