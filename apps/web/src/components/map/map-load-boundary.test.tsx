import { fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAP_CHUNK_FAILED, MapLoadBoundary, useRetryableLazy } from './map-load-boundary.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

function Loaded() {
  return <p>the map</p>;
}

describe('MapLoadBoundary', () => {
  it('[TRIPMAP-21] a map chunk that cannot be fetched shows the map’s error with Try again, and the page around it stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(async (): Promise<{ default: ComponentType<object> }> => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Loaded };
    });
    const first = lazy(load);
    function Page() {
      const { View, attempt, retry } = useRetryableLazy(first, load);
      return (
        <main>
          <p>the planner</p>
          <MapLoadBoundary key={attempt} onRetry={retry}>
            <Suspense fallback={<p>loading</p>}>
              <View />
            </Suspense>
          </MapLoadBoundary>
        </main>
      );
    }
    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain(i18n._(MAP_CHUNK_FAILED));
    expect(screen.getByText('the planner')).toBeTruthy();
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the map')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
