import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProvidersResponse, SocialProvider } from '@tripcrew/contracts/auth';
import clsx from 'clsx';
import { Apple } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { FacebookIcon, GitHubIcon, GoogleIcon } from './brand-icons.tsx';

interface ProviderButton {
  id: SocialProvider;
  label: string;
  icon: ReactNode;
}

/** Providers the product does not offer at all (SPEC §1): always disabled. */
const NOT_OFFERED: readonly SocialProvider[] = ['facebook', 'apple'];

type DisabledKind = 'not-offered' | 'not-set-up' | 'unchecked';

/** Why a social button is disabled, or null when it is usable (or still loading). */
export function socialDisabledKind(
  id: SocialProvider,
  providers: ProvidersResponse | undefined,
  loadFailed: boolean,
): DisabledKind | null {
  if (NOT_OFFERED.includes(id)) return 'not-offered';
  if (providers === undefined) return loadFailed ? 'unchecked' : null;
  return providers[id] ? null : 'not-set-up';
}

/** One sentence for the providers disabled for the same reason: 'Google and GitHub sign-in …'. */
export function disabledReasonText(kind: DisabledKind, labels: readonly string[]): string {
  const names = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  const plural = labels.length > 1;
  if (kind === 'not-offered') return `${names} sign-in ${plural ? 'are' : 'is'} not offered yet.`;
  if (kind === 'not-set-up') return `${names} sign-in ${plural ? "aren't" : "isn't"} set up on this server.`;
  return `${names} sign-in can't be checked right now; try again later.`;
}

const KINDS: readonly DisabledKind[] = ['not-set-up', 'unchecked', 'not-offered'];

const BUTTONS: readonly ProviderButton[] = [
  { id: 'google', label: 'Google', icon: <GoogleIcon className="size-5" /> },
  { id: 'github', label: 'GitHub', icon: <GitHubIcon className="size-5" /> },
  { id: 'facebook', label: 'Facebook', icon: <FacebookIcon className="size-5 text-[#1877F2]" /> },
  { id: 'apple', label: 'Apple', icon: <Apple aria-hidden="true" className="size-5" /> },
];

interface SocialLoginButtonsProps {
  /** GET /auth/providers; undefined while unknown (every button is disabled until then). */
  providers: ProvidersResponse | undefined;
  /** Sends the browser to the provider (GET /auth/networks/{provider} on the API host). */
  onSelect: (provider: SocialProvider) => void;
  /** GET /auth/providers failed: the buttons say so instead of staying silently disabled. */
  loadFailed?: boolean;
}

/**
 * Social login (SPEC §2): Google and GitHub, enabled when the server has them configured;
 * Facebook and Apple are always shown disabled.
 */
export function SocialLoginButtons({ providers, onSelect, loadFailed = false }: SocialLoginButtonsProps) {
  const { t } = useLingui();
  const idBase = useId();
  const kinds = BUTTONS.map((button) => ({
    ...button,
    kind: socialDisabledKind(button.id, providers, loadFailed),
  }));
  const reasonId = (kind: DisabledKind) => `${idBase}-${kind}`;
  const reasons = KINDS.map((kind) => ({
    kind,
    labels: kinds.filter((button) => button.kind === kind).map((button) => button.label),
  })).filter((reason) => reason.labels.length > 0);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        <Trans>or continue with</Trans>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <ul className="grid grid-cols-2 gap-2">
        {kinds.map((button) => {
          const enabled = providers?.[button.id] === true;
          const unavailable = providers !== undefined && !enabled;
          return (
            <li key={button.id}>
              <button
                type="button"
                disabled={!enabled}
                onClick={() => onSelect(button.id)}
                aria-describedby={button.kind ? reasonId(button.kind) : undefined}
                title={
                  unavailable ? t`${ph({ provider: button.label })} sign-in is not available` : undefined
                }
                className={clsx(
                  'flex w-full items-center justify-center gap-2 rounded-2xl bg-white px-3 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 transition dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700',
                  enabled
                    ? 'hover:bg-slate-50 hover:ring-slate-400 dark:hover:bg-slate-800'
                    : 'cursor-not-allowed opacity-50',
                )}
              >
                {button.icon}
                {button.label}
              </button>
            </li>
          );
        })}
      </ul>
      {reasons.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-xs text-slate-500 dark:text-slate-400">
          {reasons.map((reason) => (
            <li key={reason.kind} id={reasonId(reason.kind)}>
              {disabledReasonText(reason.kind, reason.labels)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
