import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signIn } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { jsonResponse, mockFetch, setCookie } from '../../../../lib/testing/fetch-mock.ts';
import { EditingBadge, editingKey, useEditingPresence } from './editing-presence.tsx';
import { PresenceAvatars } from './presence-avatars.tsx';
import { useTripPresence } from './use-trip-presence.ts';

const ITEM = '0b6f6a3e-1c1d-4d2e-9f3a-2b7c8d9e0f1a';
const KEY = editingKey('packing-item', ITEM);
const PATH = '/core/trips/t-1/presence';

const person = (id: string, name: string, editing: string | null = null) => ({
  _id: id,
  name,
  lastName: 'Stone',
  image: { thumbnail: null },
  editing,
  seenAt: '2031-01-01T00:00:00.000Z',
});

function Editor({ itemKey }: { itemKey: string }) {
  useEditingPresence('t-1', itemKey);
  return null;
}

let openEditor: (open: boolean) => void = () => undefined;

/** The trip page's part of presence: the header's avatars, one item's badge and its editor. */
function Page() {
  const present = useTripPresence('t-1');
  const [editing, setEditing] = useState(false);
  openEditor = setEditing;
  return (
    <>
      <PresenceAvatars present={present} />
      <EditingBadge tripId="t-1" itemKey={KEY} />
      {editing && <Editor itemKey={KEY} />}
    </>
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('trip presence on the trip page', () => {
  it('[PRESENCE-10] shows the others (never oneself) with one label, and who edits an item; announces arrival, editors and leaving', async () => {
    setCookie('csrf-token', 'test-csrf');
    const others = [
      person('u-2', 'Ben', KEY),
      person('u-3', 'Carla'),
      person('u-4', 'Dan'),
      person('u-5', 'Eve'),
    ];
    const fetch = mockFetch(({ path, method }) =>
      path === PATH && method === 'DELETE' ? jsonResponse(200, { ok: true }) : jsonResponse(200, others),
    );
    const { store, unmount } = renderAt(<Page />);
    signIn(store);

    const group = await screen.findByRole('group', { name: 'Ben, Carla, Dan and Eve are here' });
    expect(group.querySelectorAll('[data-testid="trip-presence-member"]')).toHaveLength(3);
    expect(group.textContent).toContain('+1');
    expect(screen.getByTestId('editing-badge').textContent).toBe('Ben is editing');
    expect(fetch.to(PATH, 'PUT')[0]?.body).toEqual({ editing: null });

    act(() => openEditor(true));
    await vi.waitFor(() => expect(fetch.to(PATH, 'PUT').at(-1)?.body).toEqual({ editing: KEY }));
    act(() => openEditor(false));
    await vi.waitFor(() => expect(fetch.to(PATH, 'PUT').at(-1)?.body).toEqual({ editing: null }));

    unmount();
    await vi.waitFor(() => expect(fetch.to(PATH, 'DELETE')).toHaveLength(1));
  });

  it('[PRESENCE-11] offline: nobody is shown and nothing is sent, nor queued', async () => {
    setOnline(false);
    const fetch = mockFetch(() => jsonResponse(200, [person('u-2', 'Ben', KEY)]));
    const { store, unmount } = renderAt(<Page />);
    signIn(store);
    act(() => openEditor(true));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByTestId('editing-badge')).toBeNull();
    unmount();
    expect(fetch.to(PATH)).toHaveLength(0);
  });
});
