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
