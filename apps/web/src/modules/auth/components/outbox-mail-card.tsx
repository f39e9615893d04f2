import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxMail } from '@tripcrew/contracts/auth';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.ts';

/** Codes in the account mails: 8 digits, optionally as 1234-5678. */
const TOKEN = /(https?:\/\/[^\s<>"]+)|(\b\d{4}-\d{4}\b|\b\d{8}\b)/g;

/** Splits a mail text into plain text, links and copyable codes. */
export function splitMailText(
  text: string,
): Array<
  { kind: 'text'; value: string } | { kind: 'link'; value: string } | { kind: 'code'; value: string }
> {
  const parts: Array<
    { kind: 'text'; value: string } | { kind: 'link'; value: string } | { kind: 'code'; value: string }
  > = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push({ kind: 'text', value: text.slice(last, index) });
    if (match[1]) parts.push({ kind: 'link', value: match[1] });
    else if (match[2]) parts.push({ kind: 'code', value: match[2] });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/** The codes (confirmation or reset) found in a mail text. */
export function mailCodes(text: string): string[] {
  return splitMailText(text)
    .filter((part) => part.kind === 'code')
    .map((part) => part.value);
}

function CopyCode({ code }: { code: string }) {
  const { t } = useLingui();
  const { copied, failed, copy: copyText } = useCopyToClipboard();
  useEffect(() => {
    if (failed) console.warn('Copying the code failed');
  }, [failed]);
  const copy = () => copyText(code);

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? t`Code ${code} copied` : t`Copy code ${code}`}
      className="mx-0.5 inline-flex items-center gap-1.5 rounded-lg bg-brand-50 px-2 py-0.5 font-mono text-base font-bold tracking-wider text-brand-900 ring-1 ring-brand-200 transition select-all hover:bg-brand-100 dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/40 dark:hover:bg-brand-500/25"
    >
      <span data-testid="mail-code">{code}</span>
      {copied ? (
        <Check aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
      ) : (
        <Copy aria-hidden="true" className="size-4 opacity-70" />
      )}
    </button>
  );
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** dd.mm.yyyy hh:mm:ss in local time. */
export function formatMailTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${date.getFullYear()} ${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

/** One mail of the dev outbox: recipient, subject, time and the text with copyable codes. */
export function OutboxMailCard({ mail }: { mail: OutboxMail }) {
  const body: ReactNode[] = splitMailText(mail.text).map((part, index) => {
    if (part.kind === 'code') return <CopyCode key={index} code={part.value} />;
    if (part.kind === 'link')
      return (
        <a
          key={index}
          href={part.value}
          className="break-all text-brand-700 underline underline-offset-2 dark:text-brand-300"
        >
          {part.value}
        </a>
      );
    return <span key={index}>{part.value}</span>;
  });

  return (
    <article
      aria-labelledby={`mail-${mail.id}`}
      data-testid="outbox-mail"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <h2 id={`mail-${mail.id}`} className="text-base font-semibold">
          {mail.subject}
        </h2>
        <time
          dateTime={mail.createdAt}
          className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400"
        >
          {formatMailTime(mail.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          to <span className="font-medium break-all">{ph({ to: mail.to })}</span>
        </Trans>
      </p>
      <div className="mt-3 rounded-2xl bg-slate-50 p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-200">
        {body}
      </div>
    </article>
  );
}
