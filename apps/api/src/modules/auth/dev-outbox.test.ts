import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/helpers/factories.ts';
import { useTestApp } from '../../../test/helpers/test-app.ts';
import { register, registration } from './auth.fixtures.ts';

describe('the dev outbox in production', () => {
  const t = useTestApp({ NODE_ENV: 'production' });

  it('[AUTH-20] GET /dev/outbox does not exist when NODE_ENV=production (mail is still kept and logged)', async () => {
    const email = uniqueEmail('prod');
    const res = await register(t, registration({ name: 'Pro', lastName: 'Duction', email }));
    expect(res.statusCode).toBe(201);
    const outbox = await t.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((docs.json() as { paths: Record<string, unknown> }).paths)).not.toContain(
      '/dev/outbox',
    );
  });
});
