import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { FeatureMapToggle, HIDE_MAP, SHOW_MAP } from './feature-map-toggle.tsx';
import { settle } from '../../../../test/settle.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

// The map module is mocked: its factory runs only when the module is imported.
const loaded = vi.hoisted(() => ({ count: 0, release: (): void => undefined }));
vi.mock('./feature-map.tsx', async () => {
  loaded.count += 1;
  // Held until the test releases it, so the Suspense fallback can be seen.
  await new Promise<void>((resolve) => {
    loaded.release = resolve;
  });
  return {
    FeatureMap: ({ placeTitle }: { placeTitle: string }) => <p>map of {placeTitle}</p>,
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('FeatureMapToggle', () => {
  it('[FEATURE-02] the map code is not imported until the map is opened; a fallback shows meanwhile', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { data: [], total: 0 }));
    render(<FeatureMapToggle placeId="p-munich" placeTitle="Munich" />);
    const button = screen.getByRole('button', { name: i18n._(SHOW_MAP) });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await settle();
    expect(loaded.count).toBe(0);
    expect(screen.queryByText('map of Munich')).toBeNull();

    fireEvent.click(button);
    expect(screen.getByRole('button', { name: i18n._(HIDE_MAP) }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Loading map…');
    await vi.waitFor(() => expect(loaded.count).toBe(1));
    loaded.release();
    expect(await screen.findByText('map of Munich')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: i18n._(HIDE_MAP) }));
    expect(screen.getByRole('button', { name: i18n._(SHOW_MAP) }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('map of Munich')).toBeNull();
    expect(fetch.requests).toHaveLength(0);
  });
});
