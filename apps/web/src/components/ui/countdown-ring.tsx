const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The track and the progress arc share the circle: centre, radius and stroke. */
const RING = { cx: 60, cy: 60, r: RADIUS, fill: 'none', strokeWidth: 8 } as const;

/** mm:ss of a number of seconds (e.g. 600 → '10:00', 59 → '00:59'). */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

interface CountdownRingProps {
  secondsLeft: number;
  totalSeconds: number;
  /** Accessible name of the timer. */
  label: string;
  /** How the time left is written in the middle (mm:ss by default). */
  format?: (secondsLeft: number) => string;
  /** Test id of the number in the middle. */
  valueTestId?: string;
}

/** A ring that empties as the time runs out, with the time left as mm:ss in the middle. */
export function CountdownRing({
  secondsLeft,
  totalSeconds,
  label,
  format = formatMinutesSeconds,
  valueTestId = 'countdown',
}: CountdownRingProps) {
  const progress = totalSeconds > 0 ? Math.min(1, Math.max(0, secondsLeft / totalSeconds)) : 0;
  return (
    <div className="relative size-40">
      <svg
        viewBox="0 0 120 120"
        aria-hidden="true"
        data-testid="countdown-ring"
        className="size-full -rotate-90"
      >
        <circle {...RING} className="stroke-slate-200 dark:stroke-slate-800" />
        <circle
          {...RING}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
          className="stroke-brand-600 transition-[stroke-dashoffset] duration-1000 ease-linear dark:stroke-brand-400"
        />
      </svg>
      <div role="timer" aria-label={label} className="absolute inset-0 grid place-items-center">
        <span data-testid={valueTestId} className="text-3xl font-bold tabular-nums">
          {format(secondsLeft)}
        </span>
      </div>
    </div>
  );
}
