import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Languages, LifeBuoy, type LucideIcon, Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/store.ts';
import { nextThema, setThema, type Thema } from '../state/theme-slice.ts';
import { LogoMark } from './logo.tsx';

export const HELP_EMAIL = 'help@tripcrew.app';

/** SPEC §1: English is the only active language; German, French and Russian are shown disabled. */
export const LANGUAGES = [
  { code: 'en', label: 'English', enabled: true },
  { code: 'de', label: 'German', enabled: false },
  { code: 'fr', label: 'French', enabled: false },
  { code: 'ru', label: 'Russian', enabled: false },
] as const;

const THEME_ICONS: Record<Thema, LucideIcon> = { system: Monitor, light: Sun, dark: Moon };

const linkClass =
  'rounded-md text-sm font-medium text-slate-600 underline-offset-4 transition hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300';

/** Language picker: English active, the other languages listed but disabled ('coming soon'). */
export function LanguagePicker() {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Languages aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
      <label htmlFor={id} className="sr-only">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        defaultValue="en"
        className="h-9 rounded-full border border-slate-200 bg-white pr-8 pl-3 text-sm font-medium text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} disabled={!language.enabled}>
            {language.enabled ? language.label : t`${ph({ language: language.label })} (coming soon)`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Theme toggle cycling system → light → dark → system (SPEC §4). */
export function ThemeToggle() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const thema = useAppSelector((state) => state.theme.thema);
  const next = nextThema(thema);
  const Icon = THEME_ICONS[thema];
  return (
    <button
      type="button"
      onClick={() => dispatch(setThema(next))}
      aria-label={t`Theme: ${thema}. Switch to ${next}`}
      title={t`Theme: ${thema} (switch to ${next})`}
      className="flex h-9 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 transition hover:border-brand-400 hover:text-brand-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-brand-200"
    >
      <Icon aria-hidden="true" className="size-4" />
      <span>{thema}</span>
    </button>
  );
}

/** The app footer (SPEC §2 "Footer"). */
export function Footer() {
  const { t } = useLingui();
  return (
    <footer className="mt-auto border-t border-slate-200/70 bg-white/60 dark:border-slate-800/70 dark:bg-slate-950/60">
      <div className="mx-auto flex max-w-[1360px] flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between 2xl:max-w-[1440px]">
        <div className="flex items-center gap-3">
          <LogoMark className="size-8" />
          <p className="text-sm text-slate-500 dark:text-slate-400">
            <Trans>
              <span className="font-semibold text-slate-700 dark:text-slate-200">Tripcrew</span> · plan trips
              together
            </Trans>
          </p>
        </div>
        <nav aria-label={t`Footer`}>
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                <Trans>terms of service</Trans>
              </Link>
            </li>
            <li>
              <Link to="/about" className={linkClass}>
                <Trans>about</Trans>
              </Link>
            </li>
            <li>
              <a href={`mailto:${HELP_EMAIL}`} className={`${linkClass} inline-flex items-center gap-1.5`}>
                <LifeBuoy aria-hidden="true" className="size-4" />
                <Trans>need help?</Trans>
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}
