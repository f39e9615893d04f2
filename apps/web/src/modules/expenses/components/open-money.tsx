import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ChevronDown, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useOpenMoney } from '../api/expense-my-money.ts';
import type { OpenMoney } from '../api/expense-my-money.ts';
import { CARD_CLASS, HINT_CLASS } from './money-ui.ts';
import { MyMoneyView, myBalanceText } from './my-money-view.tsx';

function OpenTrip({ trip, userId }: { trip: OpenMoney[number]; userId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = trip.tripName;
  return (
    <li className="flex flex-col gap-3 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="font-semibold break-words">{name}</span>
          <span className="text-sm tabular-nums text-slate-700 dark:text-slate-200">
            {myBalanceText(trip)}
          </span>
        </div>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? t`Hide your part of ${name}` : t`Show your part of ${name}`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
          <ChevronDown aria-hidden="true" className={open ? 'size-4 rotate-180' : 'size-4'} />
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && <MyMoneyView tripId={trip.tripId} userId={userId} heading={t`Your part of ${name}`} />}
      </div>
    </li>
  );
}

/**
 * "Money still open from trips you left" (issue 35): the trips the user left or was removed from
 * whose money is not settled for them, each with their balance and, on request, their part
 * (read-only). Nothing at all while there is none, or while it loads.
 */
export function OpenMoneyFromLeftTrips({ userId }: { userId: string }) {
  const open = useOpenMoney();
  if (!open.data || open.data.length === 0) return null;
  return (
    <section aria-labelledby="open-money-title" className={CARD_CLASS}>
      <h2 id="open-money-title" className="flex items-center gap-2 text-lg font-semibold">
        <Wallet aria-hidden="true" className="size-5 text-amber-700 dark:text-amber-300" />
        <Trans>Money still open from trips you left</Trans>
      </h2>
      <p className={HINT_CLASS}>
        <Trans>
          You are no longer in these trips, but money between you and its people is not settled yet. Ask one
          of them to record the payment once it is made.
        </Trans>
      </p>
      <ul aria-label={t`Trips you left with money open`} className="flex flex-col gap-3">
        {open.data.map((trip) => (
          <OpenTrip key={trip.tripId} trip={trip} userId={userId} />
        ))}
      </ul>
    </section>
  );
}
