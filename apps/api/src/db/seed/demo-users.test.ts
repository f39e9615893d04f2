import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { runSeeds } from './index.ts';
import { DEMO_USERS } from './demo-users.ts';

describe('demo users (SEED_DEMO)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await runSeeds(t.database, { demo: true });
  });
  afterAll(() => t.close());

  it('[DATA-12] SEED_DEMO adds confirmed demo users who can sign in with the documented credentials', async () => {
    expect(DEMO_USERS.length).toBeGreaterThanOrEqual(3);
    for (const demo of DEMO_USERS) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: demo.password },
      });
      expect(res.statusCode, demo.email).toBe(200);
      expect(res.json()).toMatchObject({ email: demo.email, name: demo.name, lastName: demo.lastName });
    }
  });

  it('[DATA-12] seeding again creates no duplicates and leaves existing accounts untouched', async () => {
    const { inArray, sql } = await import('drizzle-orm');
    const { users } = await import('../../modules/users/users.table.ts');
    const emails = DEMO_USERS.map((u) => u.email);
    const snapshot = async () =>
      t.database.db
        .select({ email: users.email, passwordHash: users.passwordHash, updatedAt: users.updatedAt })
        .from(users)
        .where(inArray(users.email, emails))
        .orderBy(sql`${users.email}`);
    const before = await snapshot();
    await runSeeds(t.database, { demo: true });
    const after = await snapshot();
    expect(after).toHaveLength(DEMO_USERS.length);
    expect(after).toEqual(before);
  });
});

describe('demo crew and chat (SEED_DEMO)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await runSeeds(t.database, { demo: true });
  });
  afterAll(() => t.close());

  it("[DATA-12] the demo users are each other's crew and Ana and Ben already have a chat; seeding again adds nothing", async () => {
    const [ana, ben] = DEMO_USERS;
    const login = async (email: string, password: string) =>
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json<{
        accessToken: string;
      }>().accessToken;
    const anaToken = await login(ana.email, ana.password);
    const crew = await t.request({ method: 'GET', url: '/api/users/crew/my-crew', token: anaToken });
    expect(crew.statusCode).toBe(200);
    expect(
      crew
        .json<{ name: string }[]>()
        .map((u) => u.name)
        .sort(),
    ).toEqual(
      DEMO_USERS.slice(1)
        .map((u) => u.name)
        .sort(),
    );
    const chats = async () =>
      (await t.request({ method: 'GET', url: '/api/users/chats', token: anaToken })).json<
        { _id: string; user: { name: string } }[]
      >();
    const first = await chats();
    const withBen = first.find((c) => c.user.name === ben.name);
    expect(withBen).toBeDefined();
    await runSeeds(t.database, { demo: true });
    const page = await t.request({
      method: 'GET',
      url: `/api/users/messages/${withBen?._id ?? ''}`,
      token: anaToken,
    });
    expect(page.json<{ data: unknown[] }>().data).toHaveLength(3);
    expect(await chats()).toHaveLength(1);
  });
});
