import type { Feature } from '@tripcrew/contracts/features';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../../../../test/helpers/api-calls.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createTrip, day, getPlanner, getTrip, useCatalogue } from '../trips.fixtures.ts';

describe('trip features', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const ids = (features: Feature[]) => features.map((f) => f._id);

  it('[TRIP-09] features are added (each to the tray, present ones ignored) and removed with their planner item', async () => {
    const ana = await createUser(t);
    const [f1, f2, f3] = c.lisbonFeatures as [Feature, Feature, Feature];
    const id = await createTrip(t, ana, {
      placeId: c.lisbon._id,
      startDate: day(1),
      endDate: day(2),
      featureIds: [f1._id],
    });
    const add = await apiCall(t, ana, 'POST', `/core/trips/${id}/features`, {
      featureIds: [f2._id, f1._id, f3._id, f2._id, f3._id.toUpperCase()],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(ids(add.json() as Feature[])).toEqual([f1._id, f2._id, f3._id]);
    let planner = await getPlanner(t, ana, id);
    expect(planner.tray.map((i) => [i.feature?._id, i.position])).toEqual([
      [f1._id, 0],
      [f2._id, 1],
      [f3._id, 2],
    ]);

    const removed = await apiCall(t, ana, 'DELETE', `/core/trips/${id}/features/${f2._id}`);
    expect(removed.statusCode).toBe(200);
    planner = await getPlanner(t, ana, id);
    expect(planner.tray.map((i) => [i.feature?._id, i.position])).toEqual([
      [f1._id, 0],
      [f3._id, 1],
    ]);
    const features = await apiCall(t, ana, 'GET', `/core/trips/features/${id}`);
    expect(ids(features.json() as Feature[])).toEqual([f1._id, f3._id]);
    const again = await apiCall(t, ana, 'DELETE', `/core/trips/${id}/features/${f2._id}`);
    expect(again.statusCode).toBe(404);
  });

  it('[TRIP-09] [TRIP-14] [TRIP-15] features of another place or unknown ids answer 400 naming them and add nothing', async () => {
    const ana = await createUser(t);
    const id = await createTrip(t, ana, { placeId: c.lisbon._id });
    const post = (featureIds: string[]) =>
      apiCall(t, ana, 'POST', `/core/trips/${id}/features`, { featureIds });
    const paris = c.parisFeatures[0]!;
    const elsewhere = await post([c.lisbonFeatures[0]!._id, paris._id]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain(paris._id);
    const unknown = await post(['00000000-0000-4000-8000-000000000001']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown feature ids: 00000000-0000-4000-8000-000000000001/);
    expect((await post([])).statusCode).toBe(400);
    expect((await getTrip(t, ana, id)).featureCount).toBe(0);
  });
});
