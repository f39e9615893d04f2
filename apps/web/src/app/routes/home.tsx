import { Link } from 'react-router';

export const HOME_TITLE = "let's plan your trip";

/** /: home (catalogue work item adds the title phase, suggestions and upcoming trips). */
export function HomePage() {
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 px-6 py-16 text-white shadow-xl sm:px-12 sm:py-24 dark:from-brand-900 dark:via-brand-800 dark:to-brand-600"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-10 -z-10 size-64 rounded-full bg-orange-300/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-24 -left-10 -z-10 size-72 rounded-full bg-white/15 blur-3xl"
      />
      <p aria-hidden="true" className="text-5xl motion-safe:animate-float sm:text-6xl">
        ✈️
      </p>
      <h1 id="home-title" className="mt-6 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-6xl">
        {HOME_TITLE}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-brand-50/90">
        Pick a place, choose what you want to see, bring your crew, and Tripcrew turns it into a trip.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to="/trips"
          className="rounded-full bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50"
        >
          my trips
        </Link>
        <Link
          to="/about"
          className="rounded-full px-6 py-3 font-semibold text-white ring-1 ring-white/60 transition hover:bg-white/10"
        >
          how it works
        </Link>
      </div>
    </section>
  );
}
