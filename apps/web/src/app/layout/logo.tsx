import { Trans, useLingui } from '@lingui/react/macro';
import { type MouseEvent, useId } from 'react';
import { resetSession } from '../store/session.ts';
import { useAppDispatch } from '../store/store.ts';
import { hardNavigation } from './hard-navigation.ts';
import { usePersistor } from './persistor-context.ts';

/** The Tripcrew mark: a paper plane crossing a sunny globe. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = `${useId()}-sea`;
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#27c1a9" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="12" fill={`url(#${gradientId})`} />
      <circle cx="28.5" cy="12" r="4.5" fill="#fdba74" />
      <path d="M6 28c5-3 10-3 14 0s9 3 14 0v6H6z" fill="#ffffff" fillOpacity="0.25" />
      <path d="M9 21.5 30 13l-6.5 17-4.2-6.3z" fill="#ffffff" />
      <path d="m19.3 23.7 3.1-5.2-9.2 3.9z" fill="#c9f6ec" />
    </svg>
  );
}

/**
 * Header logo (SPEC §2): clears the user state (session reset), then reloads the app at / with an
 * empty query string. The persisted state is flushed first so the reload sees the cleared session.
 */
export function Logo() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const persistor = usePersistor();

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab / window) behave like a normal link.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    dispatch(resetSession());
    try {
      await persistor?.flush();
    } finally {
      hardNavigation.assign('/');
    }
  };

  return (
    <a
      href="/"
      onClick={onClick}
      aria-label={t`Tripcrew, back to the start page`}
      className="group flex shrink-0 items-center gap-2 rounded-xl"
    >
      <LogoMark className="size-9 transition-transform duration-300 group-hover:-rotate-6 motion-reduce:transform-none" />
      <span className="hidden text-xl font-extrabold tracking-tight text-slate-900 min-[380px]:inline dark:text-white">
        <Trans>
          trip<span className="text-brand-600 dark:text-brand-400">crew</span>
        </Trans>
      </span>
    </a>
  );
}
