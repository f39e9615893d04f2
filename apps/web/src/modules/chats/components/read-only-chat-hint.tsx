import { msg } from '@lingui/core/macro';
import { Eye } from 'lucide-react';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const VIEWER_HINT = msg`You follow this trip as a viewer: you can read the chat but not write in it.`;
export const DELETED_HINT = msg`This person deleted their account: you can read your conversation but not reply.`;

/** In place of the composer, for a trip chat the reader may only read (a viewer of the trip). */
/** `deleted`: the other person of a direct chat deleted their account. */
export function ReadOnlyChatHint({ deleted = false }: { deleted?: boolean }) {
  return (
    <p
      data-testid="chat-read-only"
      className="flex items-center gap-2 rounded-2xl bg-slate-100 px-3 py-2.5 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300"
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      {deleted ? i18n._(DELETED_HINT) : i18n._(VIEWER_HINT)}
    </p>
  );
}
