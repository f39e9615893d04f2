import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineQueue, resetOfflineQueue } from '../../../lib/offline-queue-client.ts';
import { configureOfflineQueue } from '../../../lib/offline-queue-config.ts';
import { usePackingItemWaiting, usePlannerItemWaiting, useTripFieldsWaiting } from './trip-waiting-writes.ts';

function Marks({ tripId }: { tripId: string }) {
  const marks = {
    stop: usePlannerItemWaiting(tripId, 'stop-1'),
    note: usePlannerItemWaiting(tripId, 'note-1'),
    other: usePlannerItemWaiting(tripId, 'stop-2'),
    packing: usePackingItemWaiting(tripId, 'pack-1'),
    name: useTripFieldsWaiting(tripId, ['tripName']),
  };
  return (
    <ul>
      {Object.entries(marks).map(([name, waiting]) => (
        <li key={name}>{`${name}: ${waiting ? 'waiting' : 'sent'}`}</li>
      ))}
    </ul>
  );
}

describe('what of a trip waits offline', () => {
  beforeEach(() => {
    resetOfflineQueue();
    const user = `user-${Math.random()}`;
    configureOfflineQueue({ currentUser: () => user });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetOfflineQueue();
  });

  it('[OFFLINE-05] marks the planner stop, the new note, the packing item and the name changed offline, and nothing else', async () => {
    render(<Marks tripId="t1" />);
    expect(await screen.findByText('stop: sent')).toBeTruthy();
    const queue = offlineQueue();
    const trip = '/core/trips/t1';
    await queue.submit({
      method: 'POST',
      path: `${trip}/planner/items/stop-1/move`,
      body: {},
      label: 'move',
    });
    await queue.submit({
      method: 'POST',
      path: `${trip}/planner/notes`,
      body: { _id: 'note-1' },
      label: 'note',
    });
    await queue.submit({ method: 'POST', path: `${trip}/packing`, body: { _id: 'pack-1' }, label: 'add' });
    await queue.submit({
      method: 'PATCH',
      path: '/core/trips/update/t1',
      body: { tripName: 'P' },
      label: 'name',
    });
    // Another trip's stop of the same id is not this one.
    await queue.submit({
      method: 'PATCH',
      path: '/core/trips/t2/planner/items/stop-2',
      body: {},
      label: 'x',
    });
    for (const text of ['stop: waiting', 'note: waiting', 'packing: waiting', 'name: waiting', 'other: sent'])
      expect(await screen.findByText(text)).toBeTruthy();
  });
});
