import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../lib/testing/fetch-mock.ts';
import { HOME_TITLE, HomePage, TITLE_PHASE_MS } from './home.tsx';

const SUGGESTIONS = [
  {
    _id: 's1',
    title: 'Three days in Munich',
    image: '/images/s1.svg',
    description: 'Beer gardens and castles.',
    days: 3,
    icons: '🍺🏰👨‍👩‍👧',
    place: { _id: 'p-munich', title: 'Munich', type: 'City', country: 'Germany', region: 'Bavaria' },
  },
  {
    _id: 's2',
    title: 'Tuscany slow',
    image: '',
    description: 'Hills and wine.',
    days: 5,
    icons: '🍷🌄',
    place: { _id: 'p-tus', title: 'Tuscany', type: 'Region', country: 'Italy', region: null },
  },
];

function renderHome() {
  return renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '/place/*', element: <p>place screen</p> },
    ],
    { path: '/' },
  );
}

async function pastTitlePhase() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(TITLE_PHASE_MS);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('HomePage', () => {
  it('[HOME-01] shows the title first and the suggestions after 1.5 s', async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    vi.useFakeTimers();
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: HOME_TITLE })).toBeTruthy();
    expect(screen.queryByText('suggestions for you:')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TITLE_PHASE_MS - 10);
    });
    expect(screen.queryByText('suggestions for you:')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('heading', { level: 2, name: 'suggestions for you:' })).toBeTruthy();
  });

  it('[HOME-02] loads GET /core/suggestions through the cached GET and staggers the cards', async () => {
    const fetch = mockFetch(() => jsonResponse(200, SUGGESTIONS));
    renderHome();
    await pastTitlePhase();
    const cards = await screen.findAllByTestId('suggestion-card');
    expect(cards).toHaveLength(2);
    expect(fetch.to('/core/suggestions')).toHaveLength(1);
    expect(sessionStorage.getItem('api-cache:/core/suggestions')).not.toBeNull();
    const delays = cards.map((card) => Number(card.dataset.delay));
    expect(delays[1]).toBeGreaterThan(delays[0]!);
  });

  it('[HOME-03] a card shows title, image (fallback when missing or failing), description, days and one element per emoji', async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    renderHome();
    await pastTitlePhase();
    const [first, second] = await screen.findAllByTestId('suggestion-card');
    const one = within(first!);
    expect(one.getByRole('heading', { name: 'Three days in Munich' })).toBeTruthy();
    expect(one.getByText('Beer gardens and castles.')).toBeTruthy();
    expect(first!.textContent).toContain('our trip-plan for 3 days');
    const icons = one.getAllByTestId('suggestion-icon').map((icon) => icon.textContent);
    expect(icons).toEqual(['🍺', '🏰', '👨‍👩‍👧']);
    const image = first!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/images/s1.svg');
    fireEvent.error(image);
    expect(first!.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(second!.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it("[HOME-04] the fullscreen button opens the suggestion's place page", async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    const { router } = renderHome();
    await pastTitlePhase();
    await screen.findAllByTestId('suggestion-card');
    fireEvent.click(screen.getByRole('button', { name: 'Open Three days in Munich fullscreen' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/place/germany/city/bavaria/munich'));
    expect(router.state.location.search).toBe('?place=p-munich');
  });

  it("[HOME-05] the 'upcoming trips' tile comes first and the ad tile last", async () => {
    mockFetch(() => jsonResponse(200, SUGGESTIONS));
    renderHome();
    await pastTitlePhase();
    await screen.findAllByTestId('suggestion-card');
    const tiles = Array.from(screen.getByTestId('suggestions-grid').children) as HTMLElement[];
    expect(tiles[0]!.dataset.testid).toBe('upcoming-trips-tile');
    expect(tiles[0]!.textContent).toContain('upcoming trips');
    expect(tiles.at(-1)!.dataset.testid).toBe('ad-tile');
    expect(tiles).toHaveLength(4);
  });

  it("[HOME-06] a failed fetch toasts 'Error fetching suggestions' with toast id suggestions-error", async () => {
    mockFetch(() => jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' }));
    const spy = vi.spyOn(toast, 'error');
    renderHome();
    await pastTitlePhase();
    await vi.waitFor(() =>
      expect(spy).toHaveBeenCalledWith('Error fetching suggestions', { toastId: 'suggestions-error' }),
    );
  });
});
