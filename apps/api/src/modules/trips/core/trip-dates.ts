/** Calendar-day arithmetic on `YYYY-MM-DD` strings (trip dates carry no time zone). */

const DAY_MS = 86_400_000;

function toMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Today in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(toMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Number of days from start to end, both included (1 for a one-day trip). */
export function dayCount(start: string, end: string): number {
  return Math.round((toMs(end) - toMs(start)) / DAY_MS) + 1;
}

/** Every day from start to end, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}
