import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Inbox, RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useDevOutbox } from '../../modules/auth/api/get-dev-outbox.ts';
import { secondaryButtonClass } from '../../modules/auth/components/auth-styles.ts';
import { OutboxMailCard } from '../../modules/auth/components/outbox-mail-card.tsx';
import { TextField } from '../../modules/auth/components/text-field.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const DEV_OUTBOX_TITLE = msg`Dev outbox`;

/**
 * /dev/outbox: the mails the server kept instead of sending them (no SMTP_URL), newest first, so a
 * newcomer can confirm an account or reset a password with no mail server. The API offers the
 * list only outside production; elsewhere this page says so.
 */
export function DevOutboxPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Dev outbox`);
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const [filter, setFilter] = useState(to);
  const outbox = useDevOutbox({ to, limit: 50 });
  const unavailable = isApiError(outbox.error) && outbox.error.status === 404;

  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = filter.trim();
    setSearchParams(value ? { to: value } : {}, { replace: true });
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-3xl flex-col gap-6 py-4 sm:py-8">
      <div className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
          <Inbox aria-hidden="true" className="size-4" /> <Trans>development only</Trans>
        </p>
        <h1 id="page-title" className="text-3xl font-extrabold tracking-tight">
          {i18n._(DEV_OUTBOX_TITLE)}
        </h1>
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>
            Without a mail server this Tripcrew server keeps its emails here instead of sending them. Copy the
            code into the{' '}
            <Link
              to="/auth/confirm"
              className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              confirmation page
            </Link>{' '}
            or open the link in the mail.
          </Trans>
        </p>
      </div>

      {unavailable ? (
        <p
          role="alert"
          className="rounded-3xl bg-white p-6 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <Trans>The dev outbox is not available on this server: it exists only outside production.</Trans>
        </p>
      ) : (
        <>
          <form
            onSubmit={applyFilter}
            role="search"
            aria-label={t`Filter mails`}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <TextField
              label={t`Recipient`}
              type="email"
              name="to"
              autoComplete="email"
              inputMode="email"
              placeholder={t`all recipients`}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              className="flex-1"
            />
            <div className="flex gap-2">
              <button type="submit" className={secondaryButtonClass}>
                <Trans>Filter</Trans>
              </button>
              <button
                type="button"
                onClick={() => void outbox.refetch()}
                disabled={outbox.isFetching}
                className={secondaryButtonClass}
              >
                <RefreshCw
                  aria-hidden="true"
                  className={clsx('size-4', outbox.isFetching && 'motion-safe:animate-spin')}
                />
                <Trans>Refresh</Trans>
              </button>
            </div>
          </form>

          {outbox.isPending && (
            <EmojiLoader label={t`Loading the mails…`} showLabel size="lg" className="py-10" />
          )}
          {outbox.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              <Trans>The mails could not be loaded. Try Refresh.</Trans>
            </p>
          )}
          {outbox.data?.delivery === 'smtp' && (
            <p className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30">
              <Trans>
                This server sends its mails through SMTP, so none are kept here. Look in the real mailbox.
              </Trans>
            </p>
          )}
          {outbox.data && outbox.data.delivery === 'outbox' && outbox.data.mails.length === 0 && (
            <p className="rounded-3xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
              {to ? t`No mails to ${to} yet.` : t`No mails yet.`}{' '}
              <Trans>New mails show up here by themselves.</Trans>
            </p>
          )}
          {outbox.data && outbox.data.mails.length > 0 && (
            <ol aria-label={t`Mails, newest first`} className="flex flex-col gap-4">
              {outbox.data.mails.map((mail) => (
                <li key={mail.id}>
                  <OutboxMailCard mail={mail} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
