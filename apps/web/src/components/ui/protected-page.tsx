import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../store/store.ts';

/** SPEC §9: visitors on a protected page are sent to /auth after 3 seconds. */
export const PROTECTED_REDIRECT_MS = 3000;
export const NOT_LOGGED_IN_TEXT = 'Mama mia! You are not logged in yet';

/**
 * Per-page protection (SPEC §2, §6): renders the page for signed-in users; visitors see the
 * 'Mama mia!' notice and are redirected to /auth after exactly 3 seconds.
 */
export function ProtectedPage({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector((state) => state.user.isAuthenticated);
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (isAuthenticated) return;
    const timer = setTimeout(
      () => navigate('/auth', { replace: true, state: { from } }),
      PROTECTED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [isAuthenticated, navigate, from]);

  if (isAuthenticated) return <>{children}</>;

  return (
    <section
      aria-labelledby="not-logged-in-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center motion-safe:animate-slide-up"
    >
      <span aria-hidden="true" className="text-6xl">
        🤌
      </span>
      <h1 id="not-logged-in-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {NOT_LOGGED_IN_TEXT}
      </h1>
      <p className="text-slate-600 dark:text-slate-300" role="status">
        This page is only for travellers with an account. Taking you to the login page in a moment…
      </p>
      <Link
        to="/auth"
        replace
        state={{ from }}
        className="rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800"
      >
        Go to login now
      </Link>
    </section>
  );
}
