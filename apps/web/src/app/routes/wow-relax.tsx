import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** SPEC §9: the break page counts down 30 seconds, then goes to /. */
export const BREAK_SECONDS = 30;
export const RELAX_TEXT = 'Relax and enjoy your time!';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** /wow-relax: the rate-limit "Break" page (SPEC §2, §8: a 429 response lands here). */
export function WowRelaxPage() {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(BREAK_SECONDS);

  useEffect(() => {
    // Measured against the clock, so a throttled background tab still ends on time.
    const endsAt = Date.now() + BREAK_SECONDS * 1000;
    const timer = setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    }, 250);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) navigate('/', { replace: true });
  }, [secondsLeft, navigate]);

  const progress = secondsLeft / BREAK_SECONDS;

  return (
    <section
      aria-labelledby="relax-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-12 text-center motion-safe:animate-slide-up sm:py-16"
    >
      <span aria-hidden="true" className="text-6xl motion-safe:animate-float">
        🏝️
      </span>
      <h1 id="relax-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {RELAX_TEXT}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">
        That was a lot of clicking in a short time. Take a short break; we will take you back to the start
        page when the countdown ends.
      </p>
      <div className="relative size-36">
        <svg viewBox="0 0 120 120" aria-hidden="true" className="size-full -rotate-90">
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="8"
            className="stroke-slate-200 dark:stroke-slate-800"
          />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="8"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
            className="stroke-brand-600 transition-[stroke-dashoffset] duration-1000 ease-linear dark:stroke-brand-400"
          />
        </svg>
        <div role="timer" aria-label="Seconds left" className="absolute inset-0 grid place-items-center">
          <span data-testid="relax-countdown" className="text-4xl font-bold tabular-nums">
            {secondsLeft}
          </span>
        </div>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {secondsLeft === 1 ? '1 second' : `${secondsLeft} seconds`} left
      </p>
    </section>
  );
}
