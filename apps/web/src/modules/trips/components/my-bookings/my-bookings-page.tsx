import { Trans } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import { Mail, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { useSignedIn } from '../../../../components/ui/signed-in-context.ts';
import { useOnline } from '../../../../lib/network-status.ts';
import { withReturnTo } from '../../../../lib/return-to.ts';
import type { BookingKind, MyBooking } from '../../api/get-my-bookings.ts';
import { type BookingAction, ChooseTripDialog } from './choose-trip-dialog.tsx';
import { MyBookingsList } from './my-bookings-list.tsx';

export interface MyBookingsPageProps {
  /** The kinds the page lists; the first is the one "Add a booking" opens the form for. */
  kinds: readonly BookingKind[];
  /** The page's heading ("Your flights"). */
  title: string;
  /** The line under the heading for a signed-in user. */
  intro: ReactNode;
  /** What the page does, for a visitor ("Your flights from every trip in one list…"). */
  signedOutText: ReactNode;
  /** The empty state: there are none yet, and how to add one. */
  emptyText: ReactNode;
  icon: LucideIcon;
  /** Only the bookings that pass (the flight page: those to or from its place). */
  filter?: (entry: MyBooking) => boolean;
  /** A note above the list (the flight page's place that could not be found). */
  notice?: ReactNode;
}

const TITLE_ID = 'my-bookings-title';

function Heading({ title, icon: Icon }: { title: string; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-3">
      <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 id={TITLE_ID} className="text-3xl font-bold tracking-tight break-words">
        {title}
      </h1>
    </div>
  );
}

/** For a visitor: what the page would show, and the way to sign in (and back here). */
function SignedOut({ text }: { text: ReactNode }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div
      data-testid="my-bookings-signed-out"
      className="flex flex-col items-start gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="text-slate-700 dark:text-slate-200">{text}</div>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={withReturnTo('/auth', here)} className={buttonClass({ size: 'md' }, 'min-h-11')}>
          <Trans>Sign in</Trans>
        </Link>
        <Link
          to={withReturnTo('/auth/register', here)}
          className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
        >
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </div>
  );
}

/** "Add a booking" and "Import from a mail": each asks which trip, then opens its bookings tab. */
function AddActions({ onChoose }: { onChoose: (action: BookingAction) => void }) {
  const online = useOnline();
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" className="min-h-11" onClick={() => onChoose('add')}>
        <Plus aria-hidden="true" className="size-4" />
        <Trans>Add a booking</Trans>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        className="min-h-11"
        disabled={!online}
        onClick={() => onChoose('import')}
      >
        <Mail aria-hidden="true" className="size-4" />
        <Trans>Import from a mail</Trans>
      </Button>
    </div>
  );
}

/**
 * The header's book pages (/flights, /bnbs, /cars) and the flight page of a place: the signed-in
 * user's bookings of some kinds from every trip, at their local times, with the way to add one; a
 * visitor reads what the page does and how to sign in.
 */
export function MyBookingsPage({
  kinds,
  title,
  intro,
  signedOutText,
  emptyText,
  icon,
  filter,
  notice,
}: MyBookingsPageProps) {
  const signedIn = useSignedIn();
  const [action, setAction] = useState<BookingAction | null>(null);
  const addKind = kinds[0] ?? 'other';

  return (
    <section aria-labelledby={TITLE_ID} className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Heading title={title} icon={icon} />
        {signedIn && <p className="text-slate-600 dark:text-slate-300">{intro}</p>}
        {signedIn && <AddActions onChoose={setAction} />}
      </div>
      {signedIn && notice}
      {signedIn ? (
        <MyBookingsList kinds={kinds} filter={filter} emptyText={emptyText} icon={icon} />
      ) : (
        <SignedOut text={signedOutText} />
      )}
      {signedIn && <ChooseTripDialog action={action} kind={addKind} onClose={() => setAction(null)} />}
    </section>
  );
}
