import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, mockFetch } from '../../lib/testing/fetch-mock.ts';
import { SharePage } from './share.tsx';

const SHARED = {
  tripName: 'Lisbon, Portugal',
  place: { _id: 'p-1', name: 'Lisbon' },
  startDate: '2031-05-05',
  endDate: '2031-05-08',
  transportMode: 'public',
  image: '/api/uploads/lisbon.jpg',
  crew: ['Ada', 'Bob'],
  features: [
    {
      _id: 'f-1',
      title: 'Torre de Belém',
      address: 'Avenida Brasília',
      description: '',
      rank: null,
      image: { original: '/api/uploads/torre.jpg' },
      categoryId: [],
      model: 'places',
      coordinates: null,
      placeId: 'p-1',
    },
  ],
  days: [
    {
      date: '2031-05-05',
      items: [{ _id: 'n-1', kind: 'note', featureId: null, title: 'Sunset walk', time: '19:30' }],
    },
    { date: '2031-05-06', items: [] },
  ],
  bookings: [],
};

const renderShare = () =>
  renderRoutes([{ path: '/share/:token', element: <SharePage /> }], { path: '/share/sh-1' });
const robots = () => document.head.querySelector('meta[name="robots"]');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('SharePage', () => {
  it('[SHARE-01] signed out: name, place, dates, transport, first names, day plan and features, read-only', async () => {
    const fetch = mockFetch(() => jsonResponse(200, SHARED));
    renderShare();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lisbon, Portugal' })).toBeTruthy();
    expect(fetch.requests[0]?.path).toBe('/core/share/sh-1');
    expect(screen.getByText('5 May 2031 – 8 May 2031')).toBeTruthy();
    expect(screen.getByText('Public transport')).toBeTruthy();
    expect(screen.getByTestId('shared-crew').textContent).toBe('Ada, Bob');
    expect(screen.getByText('Sunset walk')).toBeTruthy();
    expect(screen.getByText('19:30')).toBeTruthy();
    expect(screen.getByText('Torre de Belém')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('[BOOKINGS-SHARE-02] shows the bookings by kind, place and local time, in the zone where they happen', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        ...SHARED,
        bookings: [
          {
            _id: 'b-1',
            kind: 'flight',
            place: 'LIS → JFK',
            start: { local: '2031-01-10T07:40', zone: 'Europe/Lisbon' },
            end: { local: '2031-01-10T12:50', zone: 'America/New_York' },
          },
        ],
      }),
    );
    renderShare();
    expect(await screen.findByRole('heading', { name: 'Travel and stays' })).toBeTruthy();
    expect(screen.getByText('Flight · LIS → JFK')).toBeTruthy();
    const times = screen.getByText(/07:40/).textContent ?? '';
    expect(times).toMatch(/10 Jan 07:40 (WET|GMT)/);
    expect(times).toMatch(/12:50 (EST|GMT-5)/);
  });

  it('[SHARE-02] adds <meta name="robots" content="noindex"> while shown and removes it after', async () => {
    mockFetch(() => jsonResponse(200, SHARED));
    const { unmount } = renderShare();
    await screen.findByRole('heading', { level: 1, name: 'Lisbon, Portugal' });
    expect(robots()?.getAttribute('content')).toBe('noindex');
    unmount();
    expect(robots()).toBeNull();
  });

  it('[SHARE-03] a turned-off or unknown link says it no longer works', async () => {
    mockFetch(() =>
      jsonResponse(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Shared trip not found' }),
    );
    renderShare();
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(robots()?.getAttribute('content')).toBe('noindex');
  });
});
