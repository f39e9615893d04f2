/** Set-up shared by the component tests. */
import { beforeEach, vi } from 'vitest';

/** jsdom has no layout: animation frames run as zero-delay timeouts, keeping scroll effects quiet. */
export function animationFramesAsTimeouts(): void {
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      setTimeout(() => callback(0), 0),
    );
  });
}
