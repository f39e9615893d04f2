import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, uniqueEmail } from '../../../test/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('the dev outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('[AUTH-20] GET /dev/outbox does not exist when NODE_ENV=production (mail is still kept and logged)', async () => {
    const email = uniqueEmail('prod');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Pro', lastName: 'Duction', email, password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const outbox = await t.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((docs.json() as { paths: Record<string, unknown> }).paths)).not.toContain(
      '/dev/outbox',
    );
  });
});
