import type { QueryClient } from '@tanstack/react-query';
import type { PackingItem } from '@tripcrew/contracts/trip-packing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts, signIn } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { type ListReply, mockListEndpoint, refusing } from '../../../../lib/testing/list-endpoint.ts';
import { tripKeys } from '../../api/trip-keys.ts';
import { makeTrip } from '../../testing/trip-fixtures.ts';
import { NOT_PACKED_TEXT, PACKED_TEXT } from './packing-item-view.tsx';
import { OFFLINE_NOTE, SharedPackingList, VIEWER_NOTE } from './shared-packing-list.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';

const ID_1 = '11111111-1111-4111-8111-111111111111';
const ID_2 = '22222222-2222-4222-8222-222222222222';

type Reply = ListReply<PackingItem>;

/** A fake packing endpoint keeping its list; `reply` may answer first (errors). */
function mockPacking(initial: PackingItem[], reply?: Reply) {
  return mockListEndpoint({
    path: '/core/trips/t-1/packing',
    initial,
    reply,
    add: (body) => {
      const { text, assignedTo } = body as { text: string; assignedTo: string | null };
      const who = assignedTo
        ? { _id: assignedTo, name: assignedTo === 'u-2' ? 'Bob Stone' : 'Ada Lovelace' }
        : null;
      return item({ _id: ID_2, text, assignedTo: who });
    },
    patch: (entry, body) => ({ ...entry, ...body }),
    answer: 'list',
    deleted: { ok: true },
  });
}

const item = (overrides: Partial<PackingItem> = {}): PackingItem => ({
  _id: ID_1,
  text: 'Sunscreen',
  assignedTo: null,
  done: false,
  createdBy: 'u-1',
  createdAt: '2031-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

let client: QueryClient | undefined;

function renderList(role: 'admin' | 'member' | 'viewer' = 'member') {
  const result = renderWithToasts(<SharedPackingList trip={makeTrip({ myRole: role })} />);
  client = result.queryClient;
  signIn(result.store);
  return result;
}

const rows = () => screen.getAllByTestId('packing-item');
const texts = () => screen.queryAllByTestId('packing-item-text').map((el) => el.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('SharedPackingList', () => {
  it('[PACKING-01] shows the shared items with who brings them and how many are packed', async () => {
    mockPacking([
      item({ done: true }),
      item({ _id: ID_2, text: 'Tent', assignedTo: { _id: 'u-2', name: 'Bob Stone' } }),
    ]);
    renderList();
    await screen.findByText('Tent');
    expect(texts()).toEqual(['Sunscreen', 'Tent']);
    expect(screen.getByTestId('packing-progress').textContent).toBe('1/2 packed');
    expect((screen.getByRole('checkbox', { name: 'Sunscreen' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Who brings Tent' }) as HTMLSelectElement).value).toBe(
      'u-2',
    );
    expect((screen.getByRole('combobox', { name: 'Who brings Sunscreen' }) as HTMLSelectElement).value).toBe(
      '',
    );
  });

  it('[PACKING-02] an empty list says so; a viewer reads the list, who brings what and the ticks, with no control', async () => {
    const { fetch, setList } = mockPacking([]);
    const { unmount } = renderList();
    expect(await screen.findByText(/Nothing on the shared list yet/)).toBeTruthy();
    unmount();
    fetch.requests.length = 0;
    setList([
      item({ done: true }),
      item({ _id: ID_2, text: 'Tent', assignedTo: { _id: 'u-2', name: 'Bob Stone' } }),
    ]);
    renderList('viewer');
    await screen.findByText('Tent');
    expect(fetch.to('/core/trips/t-1/packing', 'GET')).toHaveLength(1);
    expect(screen.getByText(i18n._(VIEWER_NOTE))).toBeTruthy();
    expect(texts()).toEqual(['Sunscreen', 'Tent']);
    expect(screen.getByTestId('packing-progress').textContent).toBe('1/2 packed');
    const [sunscreen, tent] = rows() as [HTMLElement, HTMLElement];
    // Ticks are a state with words for screen readers, and who brings it is plain text.
    expect(sunscreen.textContent).toBe(`Sunscreen, ${i18n._(PACKED_TEXT)},brought by Anyone`);
    expect(tent.textContent).toBe(`Tent, ${i18n._(NOT_PACKED_TEXT)},brought by Bob Stone`);
    expect(within(tent).getByTestId('packing-item-assignee').textContent).toBe('brought by Bob Stone');
    for (const role of ['checkbox', 'textbox', 'combobox', 'button'] as const) {
      expect(screen.queryAllByRole(role), role).toHaveLength(0);
    }
    expect(fetch.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('[PACKING-11] a viewer sees the members’ changes live (a trip frame invalidates the trips queries)', async () => {
    const { setList } = mockPacking([item()]);
    renderList('viewer');
    await screen.findByText('Sunscreen');
    setList([
      item({ done: true }),
      item({ _id: ID_2, text: 'Tent', assignedTo: { _id: 'u-1', name: 'Ada Lovelace' } }),
    ]);
    await client!.invalidateQueries({ queryKey: tripKeys.all });
    await screen.findByText('Tent');
    expect(rows()[0]!.textContent).toContain(`, ${i18n._(PACKED_TEXT)},`);
    expect(within(rows()[1]!).getByTestId('packing-item-assignee').textContent).toBe(
      'brought by Ada Lovelace',
    );
    expect(screen.getByTestId('packing-progress').textContent).toBe('1/2 packed');
  });

  it('[PACKING-03] adds an item assigned to a member with the keyboard; the contract limits are checked before sending', async () => {
    const { fetch } = mockPacking([]);
    renderList();
    await screen.findByText(/Nothing on the shared list yet/);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'New item' });
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Name the item');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    await user.clear(input);
    await user.type(input, 'x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('An item has at most 120 characters');
    expect(fetch.to('/core/trips/t-1/packing', 'POST')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Adapter');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who brings it' }), 'Bob Stone');
    await user.type(input, '{Enter}');
    await screen.findByText('Adapter');
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/packing', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/packing', 'POST')[0]!.body).toEqual({
      // Chosen by the page, so an item added offline is added once (decision 016).
      _id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      text: 'Adapter',
      assignedTo: 'u-2',
    });
    expect((input as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Who brings Adapter' }) as HTMLSelectElement).value).toBe(
      'u-2',
    );
  });

  it("[PACKING-04] the server's message of a refused add is shown", async () => {
    mockPacking([], refusing('POST', 'A packing list has at most 300 items.'));
    renderList();
    await screen.findByText(/Nothing on the shared list yet/);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'New item' }), 'Hat{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A packing list has at most 300 items.');
  });

  it('[PACKING-05] a tick shows at once for everyone and is sent; a refused tick is rolled back with a toast', async () => {
    let refuse = false;
    const { fetch } = mockPacking([item()], (request) =>
      refuse && request.method === 'PATCH'
        ? jsonResponse(403, {
            statusCode: 403,
            code: 'FORBIDDEN',
            message: 'Your role in this trip is read-only.',
          })
        : undefined,
    );
    renderList();
    const box = (await screen.findByRole('checkbox', { name: 'Sunscreen' })) as HTMLInputElement;
    const user = userEvent.setup();
    await user.click(box);
    expect(box.checked).toBe(true);
    await vi.waitFor(() => expect(fetch.to(`/core/trips/t-1/packing/${ID_1}`, 'PATCH')).toHaveLength(1));
    expect(fetch.to(`/core/trips/t-1/packing/${ID_1}`, 'PATCH')[0]!.body).toEqual({ done: true });

    refuse = true;
    await user.click(box);
    expect(await screen.findByText('Your role in this trip is read-only.')).toBeTruthy();
    await vi.waitFor(() => expect(box.checked).toBe(true));
  });

  it('[PACKING-06] renames (Escape cancels), reassigns and deletes an item', async () => {
    const { fetch } = mockPacking([item()]);
    renderList();
    await screen.findByText('Sunscreen');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename Sunscreen' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'New name for Sunscreen' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rename Sunscreen' }));
    const edit = screen.getByRole('textbox', { name: 'New name for Sunscreen' });
    await user.clear(edit);
    await user.type(edit, 'Sunscreen SPF 50{Enter}');
    await screen.findByText('Sunscreen SPF 50');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Who brings Sunscreen SPF 50' }),
      'Ada Lovelace',
    );
    await vi.waitFor(() =>
      expect(fetch.to(`/core/trips/t-1/packing/${ID_1}`, 'PATCH').map((r) => r.body)).toEqual([
        { text: 'Sunscreen SPF 50', version: 1 },
        { assignedTo: 'u-1' },
      ]),
    );
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Delete Sunscreen SPF 50' }));
    expect(await screen.findByText(/Nothing on the shared list yet/)).toBeTruthy();
  });

  it('[PACKING-07] a live change of the trip (invalidating the trips queries) shows the other member’s items', async () => {
    const { setList } = mockPacking([item()]);
    renderList();
    await screen.findByText('Sunscreen');
    setList([item({ done: true }), item({ _id: ID_2, text: 'Tent' })]);
    await client!.invalidateQueries({ queryKey: tripKeys.all });
    await screen.findByText('Tent');
    expect((screen.getByRole('checkbox', { name: 'Sunscreen' }) as HTMLInputElement).checked).toBe(true);
  });

  it('[PACKING-08] a failed load offers to try again', async () => {
    mockPacking([], (request) =>
      request.method === 'GET'
        ? jsonResponse(500, { statusCode: 500, code: 'INTERNAL', message: 'boom' })
        : undefined,
    );
    renderList();
    expect(await screen.findByText('The packing list could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });

  it('[PACKING-09] offline: the list stays, ticking and adding still work, renaming and removing wait for the network', async () => {
    mockPacking([item()]);
    renderList();
    await screen.findByText('Sunscreen');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(i18n._(OFFLINE_NOTE))).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'New item' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Rename Sunscreen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Delete Sunscreen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (screen.getByRole('combobox', { name: 'Who brings Sunscreen' }) as HTMLSelectElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Sunscreen' }) as HTMLInputElement).disabled).toBe(false);
  });
});
