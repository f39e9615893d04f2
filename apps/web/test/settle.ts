import { act } from '@testing-library/react';

/**
 * Lets the work already started run to its end: a bounded number of turns of the event loop (each
 * one after every promise queued before it), inside act() so React commits what they render. It
 * waits on the event loop, not on the clock: a test that asserts something did NOT happen calls it
 * instead of sleeping.
 */
export async function settle(turns = 10): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}
