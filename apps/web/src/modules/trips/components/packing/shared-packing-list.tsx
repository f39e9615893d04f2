import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PackingItem } from '@tripcrew/contracts/trip-packing';
import type { Trip } from '@tripcrew/contracts/trips';
import { Luggage } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { useOnline } from '../../../../lib/network-status.ts';
import {
  newPackingItemId,
  usePackingEdits,
  usePackingList,
  useTickPackingItem,
} from '../../api/trip-packing.ts';
import { PackingAddForm } from './packing-add-form.tsx';
import { packingErrorText } from './packing-error-text.ts';
import { PackingItemRow } from './packing-item-row.tsx';
import { PackingItemView } from './packing-item-view.tsx';
import { SECONDARY_BUTTON_CLASS } from './packing-styles.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const VIEWER_NOTE = msg`You follow this trip as a viewer: the packing list is read-only.`;
export const OFFLINE_NOTE = msg`You're offline: new items and ticks are kept on this device and sent when you're back; renaming and removing wait for the network.`;

const showError = (error: unknown) => toast.error(packingErrorText(error), { toastId: 'packing-error' });

/**
 * The trip's shared packing list, below the personal checklist (issue 21): items for everyone,
 * each may be assigned to a member and is ticked for all. Live: a 'packing' trip frame refetches
 * it (the query sits under tripKeys.all). A viewer reads it (it is part of the trip) with no
 * control: no add form, ticks as a state, who brings what as text; the server refuses their writes.
 */
export function SharedPackingList({ trip }: { trip: Trip }) {
  const { t } = useLingui();
  const headingId = useId();
  const readOnly = trip.myRole === 'viewer';
  const query = usePackingList(trip._id);
  const { add, update, remove } = usePackingEdits(trip._id);
  const tick = useTickPackingItem(trip._id);
  const online = useOnline();

  const items = query.data;
  const packed = items?.filter((item) => item.done).length ?? 0;
  const onTick = (item: PackingItem, done: boolean) => tick.mutate({ item, done }, { onError: showError });
  const onDelete = (item: PackingItem) => remove.mutate(item._id, { onError: showError });

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          <Trans>Shared packing list</Trans>
        </h2>
        {items && items.length > 0 && (
          <span
            data-testid="packing-progress"
            className="text-sm font-semibold text-brand-700 dark:text-brand-400"
          >
            <Trans>
              {packed}/{ph({ total: items.length })} packed
            </Trans>
          </span>
        )}
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {readOnly
          ? i18n._(VIEWER_NOTE)
          : t`What the group brings: everyone sees the same items and ticks them for all.`}
      </p>
      {!online && !readOnly && (
        <p
          role="status"
          className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {i18n._(OFFLINE_NOTE)}
        </p>
      )}
      {!readOnly && (
        <PackingAddForm
          members={trip.users}
          disabled={false}
          onAdd={(item) => {
            const member = trip.users.find((user) => user._id === item.assignedTo);
            const assigneeName = member ? `${member.name} ${member.lastName}`.trim() : undefined;
            // Shown at once; offline it waits in the queue (the mutation settles when it is kept).
            return add.mutateAsync({
              ...item,
              _id: newPackingItemId(),
              ...(assigneeName ? { assigneeName } : {}),
            });
          }}
        />
      )}
      {query.isPending && query.fetchStatus !== 'idle' && (
        <p role="status">
          <Trans>Loading the packing list…</Trans>
        </p>
      )}
      {query.isPending && query.fetchStatus === 'idle' && !online && (
        <p role="status">
          <Trans>The packing list loads when you're back online.</Trans>
        </p>
      )}
      {query.isError && !items && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p>
            <Trans>The packing list could not be loaded.</Trans>
          </p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className={SECONDARY_BUTTON_CLASS}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {items?.length === 0 && (
        <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          <Luggage aria-hidden="true" className="size-8" />
          <p>
            {readOnly
              ? t`Nothing on the shared list yet.`
              : t`Nothing on the shared list yet. Add what the group should bring.`}
          </p>
        </div>
      )}
      {items && items.length > 0 && (
        <ul aria-label={t`Shared items`} className="flex flex-col gap-1">
          {items.map((item) =>
            readOnly ? (
              <PackingItemView key={item._id} tripId={trip._id} item={item} />
            ) : (
              <PackingItemRow
                key={item._id}
                tripId={trip._id}
                item={item}
                members={trip.users}
                online={online}
                onTick={onTick}
                onChange={(target, change) => update.mutateAsync({ itemId: target._id, change })}
                onDelete={onDelete}
              />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
