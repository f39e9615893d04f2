import clsx from 'clsx';
import type { ReactNode } from 'react';

interface ReadingPageProps {
  /** The id of the h1; the article is labelled by it. */
  titleId: string;
  /** The small brand-coloured word above the title. */
  eyebrow: ReactNode;
  title: ReactNode;
  /**
   * 'wide': a centred, larger title over a wide page (about); 'narrow': a column for long text,
   * its title block closed by a rule (legal pages).
   */
  layout: 'wide' | 'narrow';
  /** Under the title, inside its block (e.g. an effective date). */
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame of a page to read (about, terms): eyebrow and title, then the text. */
export function ReadingPage({ titleId, eyebrow, title, layout, subtitle, children }: ReadingPageProps) {
  const wide = layout === 'wide';
  return (
    <article
      aria-labelledby={titleId}
      className={clsx('mx-auto py-4 sm:py-8', wide ? 'max-w-5xl' : 'max-w-3xl')}
    >
      <div className={wide ? 'text-center' : 'border-b border-slate-200 pb-6 dark:border-slate-800'}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
          {eyebrow}
        </p>
        <h1
          id={titleId}
          className={clsx(
            'mt-2 text-3xl font-extrabold tracking-tight',
            wide ? 'sm:text-5xl' : 'sm:text-4xl',
          )}
        >
          {title}
        </h1>
        {subtitle}
      </div>
      {children}
    </article>
  );
}
