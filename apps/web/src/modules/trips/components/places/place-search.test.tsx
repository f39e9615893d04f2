import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { PlaceFormDialog } from './place-form-dialog.tsx';

resetMocksAfterEach();

const candidate = (name: string, address: string, lat: number, lng: number, kind: string) => ({
  name,
  address,
  coordinates: { lat, lng },
  source: kind === 'City' ? 'tripcrew' : 'geocoder',
  kind,
});
const MARKET = candidate(
  'Time Out Market Lisboa',
  'Avenida 24 de Julho 49, 1200-479 Lisboa, Portugal',
  38.7069,
  -9.1459,
  'marketplace',
);
const SINTRA = candidate('Sintra', 'Lisbon, Portugal', 38.8029, -9.3817, 'City');

function renderDialog(props: { initialPoint?: { lat: number; lng: number } } = {}) {
  const onAdd = vi.fn().mockResolvedValue(undefined);
  const { store } = renderWithToasts(
    <PlaceFormDialog
      categories={[]}
      tripId="t-1"
      onAdd={onAdd}
      onUpdate={vi.fn()}
      onConflict={vi.fn()}
      onClose={vi.fn()}
      {...props}
    />,
  );
  signIn(store);
  return { onAdd, dialog: within(screen.getByRole('dialog')) };
}

describe('PlaceFormDialog search and pins', () => {
  it('[PLACES-LOOKUP-10] a search lists what the server found; a pick fills the name, address and point, and is added as it is', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === '/core/places/lookup'
        ? jsonResponse(200, { results: [MARKET, SINTRA], geocoder: 'ok' })
        : jsonResponse(404, { message: 'Not found' }),
    );
    const { onAdd, dialog } = renderDialog();
    const user = userEvent.setup();
    const search = dialog.getByRole('searchbox', { name: 'Or search for a place' });
    await user.type(search, 'ti');
    expect(dialog.getByText('Type at least 3 characters.')).toBeTruthy();
    await user.type(search, 'me out');
    const results = await dialog.findAllByTestId('place-search-result');
    expect(results.map((r) => r.textContent)).toEqual([
      `${MARKET.name}${MARKET.address}`,
      `${SINTRA.name}${SINTRA.address}`,
    ]);
    expect(dialog.getByText('2 places found.')).toBeTruthy();
    // One request for the words typed once they settled, not one per letter.
    const asked = fetch.requests.filter((r) => r.path === '/core/places/lookup');
    expect(asked.map((r) => r.query.get('q'))).toEqual(['time out']);

    await user.click(results[0]!);
    expect((dialog.getByRole('textbox', { name: 'Map link or coordinates' }) as HTMLInputElement).value).toBe(
      '38.7069, -9.1459',
    );
    expect((dialog.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(MARKET.name);
    expect((dialog.getByRole('textbox', { name: /Address/ }) as HTMLInputElement).value).toBe(MARKET.address);
    await user.click(dialog.getByRole('button', { name: 'Add place' }));
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ name: MARKET.name, address: MARKET.address, lat: 38.7069, lng: -9.1459 }),
    );
  });

  it('[PLACES-LOOKUP-11] without a geocoder the search says it lists towns only; offline it asks for a link instead and sends nothing', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === '/core/places/lookup'
        ? jsonResponse(200, { results: [SINTRA], geocoder: 'off' })
        : jsonResponse(404, { message: 'Not found' }),
    );
    const { dialog } = renderDialog();
    const user = userEvent.setup();
    const search = dialog.getByRole('searchbox', { name: 'Or search for a place' });
    await user.type(search, 'Sintra');
    expect(
      await dialog.findByText('1 town or region found. For an address, paste a map link above.'),
    ).toBeTruthy();

    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.clear(search);
    await user.type(search, 'Cascais');
    expect(
      await dialog.findByText('Searching needs a connection: paste a map link or coordinates above.'),
    ).toBeTruthy();
    expect(dialog.queryAllByTestId('place-search-result')).toHaveLength(0);
    expect(fetch.requests.filter((r) => r.path === '/core/places/lookup')).toHaveLength(1);
    vi.unstubAllGlobals();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
  });

  it('[PLACES-LOOKUP-12] a pin dropped on the map gives the point; the geocoder names it unless a name was typed', async () => {
    setCookie('csrf-token', 'test-csrf');
    const fetch = mockFetch((request) =>
      request.path === '/core/places/lookup/reverse'
        ? jsonResponse(200, {
            result: { ...MARKET, coordinates: { lat: 38.707, lng: -9.146 } },
            geocoder: 'ok',
          })
        : jsonResponse(404, { message: 'Not found' }),
    );
    const { dialog } = renderDialog({ initialPoint: { lat: 38.707, lng: -9.146 } });
    expect((dialog.getByRole('textbox', { name: 'Map link or coordinates' }) as HTMLInputElement).value).toBe(
      '38.707, -9.146',
    );
    const name = dialog.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    await vi.waitFor(() =>
      expect(fetch.requests.map((r) => r.path)).toContain('/core/places/lookup/reverse'),
    );
    await vi.waitFor(() => expect(name.value).toBe(MARKET.name));
    expect((dialog.getByRole('textbox', { name: /Address/ }) as HTMLInputElement).value).toBe(MARKET.address);
  });
});
