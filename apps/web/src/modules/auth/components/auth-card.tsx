import type { ReactNode } from 'react';

interface AuthCardProps {
  /** Decorative emoji above the title. */
  emoji: string;
  title: ReactNode;
  /** Short line under the title. */
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Links under the card (e.g. "sign up", "forgot password?"). */
  footer?: ReactNode;
}

/** The frame of every account screen: a centred card with an emoji, a title and the form. */
export function AuthCard({ emoji, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-md flex-col gap-6 py-4 motion-safe:animate-slide-up sm:py-8"
    >
      <div className="rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <div className="flex flex-col items-center gap-2 text-center">
          <span
            aria-hidden="true"
            className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-3xl dark:bg-brand-500/10"
          >
            {emoji}
          </span>
          <h1 id="page-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h1>
          {subtitle && <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>}
        </div>
        {children && <div className="mt-6">{children}</div>}
      </div>
      {footer && (
        <div className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
          {footer}
        </div>
      )}
    </section>
  );
}
