import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  /** Decorative emoji shown above the title. */
  emoji: string;
  title: string;
  children?: ReactNode;
}

/** A short, friendly body for screens whose real content lands with a later work item. */
export function PagePlaceholder({ emoji, title, children }: PagePlaceholderProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex max-w-2xl flex-col items-center gap-3 px-2 py-12 text-center motion-safe:animate-slide-up sm:py-16"
    >
      <span aria-hidden="true" className="text-5xl sm:text-6xl">
        {emoji}
      </span>
      <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {children && <div className="text-slate-600 dark:text-slate-300">{children}</div>}
    </section>
  );
}
