/**
 * The one backoff of the web app: how long to wait before retry `attempt` (0-based) of something
 * that failed for want of a network or a server — the live socket's reconnects and the offline
 * write queue's replay rounds. The step doubles from `initialMs` up to `maxMs`, with "equal
 * jitter" (between half and all of the step) so many tabs and devices do not retry in lockstep.
 */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** 0..1, the jitter source (Math.random by default); `() => 1` gives the full step. */
  random?: () => number;
}

export function backoffDelay(
  attempt: number,
  { initialMs, maxMs, random = Math.random }: BackoffOptions,
): number {
  const step = Math.min(maxMs, initialMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(step / 2 + (random() * step) / 2);
}
