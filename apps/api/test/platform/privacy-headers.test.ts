import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

describe('privacy headers', () => {
  const t = useTestApp();

  it('[SEC-01] every answer carries a Permissions-Policy that turns off the browser features the app never uses', async () => {
    for (const url of ['/api/health', '/', '/trips/123']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['permissions-policy'] ?? '');
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
      expect(policy, url).toContain('geolocation=()');
    }
  });

  it('[SEC-01] the page of a public share link says X-Robots-Tag: noindex; other pages do not', async () => {
    const share = await t.request({
      method: 'GET',
      url: `/share/${'a'.repeat(43)}`,
      headers: { accept: 'text/html' },
    });
    expect(share.headers['x-robots-tag']).toMatch(/noindex/);
    const home = await t.request({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });
});
