import { ph, t } from '@lingui/core/macro';
import type { BookingEndBody, CreateTripBookingBody } from '@tripcrew/contracts/trip-bookings';
import { TickBox } from '../../../../components/ui/tick-box.tsx';
import { FieldError } from '../../../../components/ui/form-field.tsx';
import { BookingInput } from './booking-field.tsx';
import type { ImportDraft } from './booking-import-file.ts';
import { endWordsOf, hasTwoPlaces, KIND_ICONS, kindLabel } from './booking-kinds.ts';

const placeOf = (end: BookingEndBody | null | undefined): string =>
  end?.place ? (end.place.iata ?? end.place.name ?? '') : '';

interface ImportDraftsProps {
  /** The list's id: each draft's fields are `${id}-${index}-…`. */
  id: string;
  drafts: readonly ImportDraft[];
  onChange: (index: number, change: Partial<ImportDraft>) => void;
}

/**
 * The bookings an import found, each with a tick (picked at first) and its title and times to
 * correct before they are added. A start zone the reader did not find is found by the server.
 */
export function ImportDrafts({ id, drafts, onChange }: ImportDraftsProps) {
  const edit = (index: number, draft: ImportDraft, change: Partial<CreateTripBookingBody>) =>
    onChange(index, { body: { ...draft.body, ...change }, problem: null });
  return (
    <ul className="flex flex-col gap-3" data-testid="booking-import-drafts">
      {drafts.map((draft, index) => {
        const { body } = draft;
        const Icon = KIND_ICONS[body.kind];
        const words = endWordsOf(body.kind);
        const from = placeOf(body.start);
        const to = hasTwoPlaces(body.kind) ? placeOf(body.end) : '';
        const fieldId = (field: string) => `${id}-${index}-${field}`;
        const name = body.title?.trim() || kindLabel(body.kind);
        return (
          <li
            key={draft.id}
            data-testid="booking-import-draft"
            className="flex flex-col gap-3 rounded-2xl p-3 ring-1 ring-slate-200 dark:ring-slate-800"
          >
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <TickBox checked={draft.picked} onChange={(picked) => onChange(index, { picked })} />
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
              <span className="min-w-0 text-sm font-medium break-words text-slate-900 dark:text-white">
                {t`Add ${ph({ name })}`}
                <span className="block font-normal text-slate-600 dark:text-slate-400">
                  {[kindLabel(body.kind), to ? `${from || '—'} → ${to}` : from].filter(Boolean).join(' · ')}
                </span>
              </span>
            </label>
            {draft.picked && (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <BookingInput
                  id={fieldId('title')}
                  label={t`Title`}
                  value={body.title ?? ''}
                  onChange={(title) => edit(index, draft, { title })}
                />
                <BookingInput
                  id={fieldId('start')}
                  label={words.start}
                  type="datetime-local"
                  value={body.start.local}
                  onChange={(local) => edit(index, draft, { start: { ...body.start, local } })}
                />
                {body.end && (
                  <BookingInput
                    id={fieldId('end')}
                    label={words.end}
                    type="datetime-local"
                    value={body.end.local}
                    onChange={(local) =>
                      edit(index, draft, { end: { ...(body.end as BookingEndBody), local } })
                    }
                  />
                )}
              </div>
            )}
            <FieldError id={fieldId('problem')} error={draft.problem ?? undefined} />
          </li>
        );
      })}
    </ul>
  );
}
