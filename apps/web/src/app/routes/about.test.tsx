import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { aboutUsQueryOptions } from '../../modules/vocabulary/api/get-about-us.ts';
import { AboutPage } from './about.tsx';

const ABOUT = {
  mission: {
    title: 'Travel together, plan together',
    image: '/images/about/mission.svg',
    text: 'Plan with your crew.',
  },
  discover: {
    title: 'Discover what is worth the trip',
    image: '/images/about/discover.svg',
    text: 'Search any city.',
  },
  credits: { title: 'Credits', image: '/images/about/credits.svg', text: 'Built with open source.' },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('AboutPage', () => {
  it('[SHELL-06] renders every section returned by GET /core/vocabulary/about-us (cached GET, lifetime 1000)', async () => {
    const fetchMock = vi.fn(async () => json(ABOUT));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<AboutPage />, { path: '/about' });

    expect(screen.getByRole('status')).toBeTruthy(); // loading state
    const sections = await screen.findAllByTestId('about-section');
    expect(sections).toHaveLength(3);
    Object.values(ABOUT).forEach((section, index) => {
      const element = sections[index] as HTMLElement;
      expect(within(element).getByRole('heading', { level: 2, name: section.title })).toBeTruthy();
      expect(within(element).getByText(section.text)).toBeTruthy();
      expect(element.querySelector('img')?.getAttribute('src')).toBe(section.image);
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/core/vocabulary/about-us');
    // A cached GET with the lifetime parameter 1000: fresh, and its saved copy used, for 1 s.
    expect(aboutUsQueryOptions().meta?.cachedForMs).toBe(1000);
    expect(aboutUsQueryOptions().staleTime).toBe(1000);
  });

  it('[SHELL-06] shows an error state with a retry when the call fails', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500))
      .mockResolvedValueOnce(json(ABOUT));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<AboutPage />, { path: '/about' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this page.');
    await userEvent.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findAllByTestId('about-section')).toHaveLength(3);
  });
});
