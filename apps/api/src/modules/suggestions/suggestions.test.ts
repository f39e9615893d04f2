import type { Suggestion, SuggestionPlan } from '@tripcrew/contracts/suggestions';
import type { Planner } from '@tripcrew/contracts/trips';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectStatus } from '../../../test/helpers/api-calls.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { useTestApp } from '../../../test/helpers/test-app.ts';
import { crewOf, day } from '../trips/trips.fixtures.ts';
import { suggestionPlans } from './suggestion-plans.data.ts';
import { suggestionSeeds } from './suggestions.data.ts';

describe('ready-made plans of the suggestions', () => {
  const t = useTestApp();
  const call = apiCaller(t);

  const planOf = async (title: string) => {
    const list = (await t.request({ method: 'GET', url: '/api/core/suggestions' })).json() as Suggestion[];
    const suggestion = list.find((s) => s.title === title) as Suggestion;
    const res = await t.request({ method: 'GET', url: `/api/core/suggestions/${suggestion._id}/plan` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SuggestionPlan;
  };
  const lisbon = suggestionSeeds.find((s) => s.key === 'lisbon-tiles-and-trams-3-days')!;

  it('[PLANS-03] a plan answers its days in order, each stop with the times the planner would give it', async () => {
    const plan = await planOf(lisbon.title);
    const seed = suggestionPlans[lisbon.key]!;
    expect(plan.suggestion.title).toBe(lisbon.title);
    expect(plan.startDays).toEqual(seed.startDays);
    expect(plan.days.map((d) => d.title)).toEqual(seed.days.map((d) => d.title));
    expect(plan.days.map((d) => d.stops.length)).toEqual(seed.days.map((d) => d.stops.length));
    for (const [i, d] of plan.days.entries()) {
      expect(d.start).toBe(seed.days[i]?.start ?? '09:00');
      expect(d.stops[0]?.arrive).toBe(d.start);
      // Times only move forward: each stop after the one before, leaving after it arrives.
      const times = d.stops.flatMap((s) => [s.arrive, s.leave]);
      expect([...times].sort()).toEqual(times);
      for (const stop of d.stops) expect(stop.feature.facts?.hours).toBeTruthy();
    }
    const unknown = await t.request({
      method: 'GET',
      url: '/api/core/suggestions/00000000-0000-4000-8000-000000000000/plan',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('[PLANS-04] "Use this plan": one call makes the trip with its companions and its days planned in order, starts included', async () => {
    const plan = await planOf(lisbon.title);
    const ana = await createUser(t);
    const [bo] = await crewOf(t, ana, 1);
    const startDate = day(10);
    const endDate = day(10 + plan.days.length - 1);
    const res = await call(ana, 'POST', '/core/trips', {
      placeId: plan.suggestion.place._id,
      startDate,
      endDate,
      transportMode: plan.transport,
      members: [bo!.id],
      plan: plan.days.map((d) => ({ start: d.start, featureIds: d.stops.map((s) => s.feature._id) })),
    });
    const { _id: tripId } = (await expectStatus(res, 201)).json() as { _id: string };
    const planner = (
      await expectStatus(call(bo!, 'GET', `/core/trips/${tripId}/planner`), 200)
    ).json() as Planner;
    expect(planner.tray).toEqual([]);
    expect(planner.days.map((d) => d.items.map((i) => i.feature?._id))).toEqual(
      plan.days.map((d) => d.stops.map((s) => s.feature._id)),
    );
    expect(planner.days.map((d) => d.start)).toEqual(plan.days.map((d) => d.start));
    expect(planner.days.map((d) => d.items.map((i) => i.position))).toEqual(
      plan.days.map((d) => d.stops.map((_, i) => i)),
    );
  });

  it('[PLANS-05] a plan without dates, longer than the trip or naming a feature twice answers 400 and makes no trip', async () => {
    const plan = await planOf(lisbon.title);
    const ana = await createUser(t);
    const body = {
      placeId: plan.suggestion.place._id,
      plan: plan.days.map((d) => ({ featureIds: d.stops.map((s) => s.feature._id) })),
    };
    const undated = await expectStatus(call(ana, 'POST', '/core/trips', body), 400);
    expect(undated.json().message).toMatch(/A plan needs the trip’s dates/);
    const short = await expectStatus(
      call(ana, 'POST', '/core/trips', { ...body, startDate: day(3), endDate: day(3) }),
      400,
    );
    expect(short.json().message).toBe(
      `The plan has ${plan.days.length} days but the trip 1: choose dates for every day of it.`,
    );
    const first = plan.days[0]!.stops[0]!.feature._id;
    const twice = await expectStatus(
      call(ana, 'POST', '/core/trips', {
        ...body,
        startDate: day(3),
        endDate: day(3 + plan.days.length),
        plan: [{ featureIds: [first] }, { featureIds: [first] }],
      }),
      400,
    );
    expect(twice.json().message).toBe('A feature appears twice in the plan.');
    const trips = (await expectStatus(call(ana, 'GET', '/core/trips'), 200)).json() as unknown[];
    expect(trips).toEqual([]);
  });
});
