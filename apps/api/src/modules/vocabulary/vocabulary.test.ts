import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AboutUs, TravelChecklist } from '@tripcrew/contracts/vocabulary';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/test-app.ts';

describe('vocabulary', () => {
  const t = useTestApp();

  it('[DATA-10] serves the travel checklist with the essential groups', async () => {
    const res = await t.request({ method: 'GET', url: '/api/core/vocabulary/travel-checklist' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { travel_checklist: Record<string, string[]> };
    for (const group of ['documents', 'clothes', 'toiletries', 'health', 'electronics', 'money']) {
      expect(body.travel_checklist[group]?.length, group).toBeGreaterThan(3);
    }
  });

  it('[DATA-11] serves the about-us sections with title, image and text', async () => {
    const res = await t.request({ method: 'GET', url: '/api/core/vocabulary/about-us' });
    expect(res.statusCode).toBe(200);
    const sections = Object.values(
      res.json() as Record<string, { title: string; image: string; text: string }>,
    );
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const s of sections) {
      expect(s.title).toBeTruthy();
      expect(s.image).toMatch(/^\//);
      expect(s.text.length).toBeGreaterThan(20);
    }
  });

  it('[DATA-10] checklist items are unique, non-empty names within each group', async () => {
    const res = await t.request({ method: 'GET', url: '/api/core/vocabulary/travel-checklist' });
    for (const [group, items] of Object.entries((res.json() as TravelChecklist).travel_checklist)) {
      expect(new Set(items).size, group).toBe(items.length);
      for (const item of items) expect(item.trim().length, group).toBeGreaterThan(1);
    }
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
  });

  it('[DATA-11] every about-us image is a file the web app ships (no broken image, no CDN)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/core/vocabulary/about-us' });
    const webPublic = fileURLToPath(new URL('../../../../web/public', import.meta.url));
    for (const [key, section] of Object.entries(res.json() as AboutUs)) {
      expect(section.image, key).toMatch(/^\/[\w/.-]+$/);
      expect(existsSync(join(webPublic, section.image)), `${key}: ${section.image}`).toBe(true);
    }
  });

  it('answers 304 when the browser already has the same version', async () => {
    const first = await t.request({ method: 'GET', url: '/api/core/vocabulary/about-us' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await t.request({
      method: 'GET',
      url: '/api/core/vocabulary/about-us',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
  });

  it('seeding twice keeps exactly one row per vocabulary', async () => {
    const { runSeeds } = await import('../../db/seed/index.ts');
    await runSeeds(t.database, { demo: false });
    const { sql } = await import('drizzle-orm');
    const rows = await t.database.db.execute(sql`select count(*)::int as n from vocabulary`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(2);
  });
});
