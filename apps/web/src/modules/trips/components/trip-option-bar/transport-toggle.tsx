import { useLingui } from '@lingui/react/macro';
import { Car, Plane } from 'lucide-react';
import type { TransportMode } from '../../state/trip-draft-slice.ts';

interface TransportToggleProps {
  mode: TransportMode;
  onToggle: () => void;
}

/** SPEC §2: public shows a flight icon, private a car icon; a click switches the mode. */
export function TransportToggle({ mode, onToggle }: TransportToggleProps) {
  const { t } = useLingui();
  const isPublic = mode === 'public';
  return (
    <button
      type="button"
      onClick={onToggle}
      data-mode={mode}
      aria-label={
        isPublic ? t`Transport: public. Switch to private` : t`Transport: private. Switch to public`
      }
      title={isPublic ? t`public transport` : t`private transport`}
      className="flex h-11 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium shadow-sm transition hover:border-brand-400 dark:border-slate-700 dark:bg-slate-900"
    >
      {isPublic ? (
        <Plane aria-hidden="true" data-testid="transport-icon-public" className="size-5 text-brand-600" />
      ) : (
        <Car aria-hidden="true" data-testid="transport-icon-private" className="size-5 text-brand-600" />
      )}
      <span>{mode}</span>
    </button>
  );
}
