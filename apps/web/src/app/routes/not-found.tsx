import { Compass } from 'lucide-react';
import { Link } from 'react-router';

export const NOT_FOUND_TITLE = '404 - Page not found';
export const NOT_FOUND_TEXT = 'Oops! The page you are looking for does not exist.';

/** The not-found body, also used by the error screen for thrown 404 responses. */
export function NotFoundContent() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center motion-safe:animate-slide-up"
    >
      <span className="grid size-20 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Compass aria-hidden="true" className="size-10 motion-safe:animate-[spin_6s_linear_infinite]" />
      </span>
      <h1 id="not-found-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {NOT_FOUND_TITLE}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">{NOT_FOUND_TEXT}</p>
      <Link
        to="/"
        className="rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800"
      >
        Take me home
      </Link>
    </section>
  );
}

/** * (any unknown path). */
export function NotFoundPage() {
  return <NotFoundContent />;
}
