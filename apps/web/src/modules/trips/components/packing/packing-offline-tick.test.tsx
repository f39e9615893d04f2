import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { makeTrip } from '../../testing/trip-fixtures.ts';
import { SharedPackingList } from './shared-packing-list.tsx';

const submitWrite = vi.hoisted(() => vi.fn());
vi.mock('../../../../lib/offline-queue-client.ts', () => ({ submitWrite }));

const ID = '11111111-1111-4111-8111-111111111111';

resetMocksAfterEach();

describe('SharedPackingList ticks through the offline queue', () => {
  it('[PACKING-10] a tick made without a network is queued like the checklist and stays ticked', async () => {
    setCookie('csrf-token', 'test-csrf');
    const list = [
      {
        _id: ID,
        text: 'Tent',
        assignedTo: null,
        done: false,
        createdBy: 'u-1',
        createdAt: '2031-01-01T00:00:00.000Z',
        version: 1,
      },
    ];
    mockFetch(() => jsonResponse(200, list));
    submitWrite.mockResolvedValue({ queued: true });
    const { store } = renderWithToasts(<SharedPackingList trip={makeTrip({ myRole: 'member' })} />);
    signIn(store);
    const box = (await screen.findByRole('checkbox', { name: 'Tent' })) as HTMLInputElement;
    await userEvent.setup().click(box);
    expect(box.checked).toBe(true);
    await vi.waitFor(() =>
      expect(submitWrite).toHaveBeenCalledWith({
        method: 'PATCH',
        path: `/core/trips/t-1/packing/${ID}`,
        body: { done: true },
        label: 'tick “Tent” in your trip',
      }),
    );
    expect(box.checked).toBe(true);
    expect(screen.getByTestId('packing-progress').textContent).toBe('1/1 packed');
  });

  it('[PACKING-11] an item added without a network is queued with its own id and shown at once, with who brings it', async () => {
    setCookie('csrf-token', 'test-csrf');
    mockFetch(() => jsonResponse(200, []));
    submitWrite.mockResolvedValue({ queued: true });
    const { store } = renderWithToasts(<SharedPackingList trip={makeTrip({ myRole: 'member' })} />);
    signIn(store);
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'New item' });
    await user.type(input, 'Adapter');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who brings it' }), 'Bob Stone');
    await user.type(input, '{Enter}');
    expect(await screen.findByText('Adapter')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Who brings Adapter' }) as HTMLSelectElement).value).toBe(
      'u-2',
    );
    const posts = () =>
      submitWrite.mock.calls.map(([write]) => write as { method: string }).filter((w) => w.method === 'POST');
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      method: 'POST',
      path: '/core/trips/t-1/packing',
      body: { _id: expect.stringMatching(/^[0-9a-f-]{36}$/), text: 'Adapter', assignedTo: 'u-2' },
      label: 'add “Adapter” to the packing list of your trip',
    });
  });
});
