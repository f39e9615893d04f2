// The installable web app: the manifest (apps/web/build/web-manifest.ts), the files it lists and
// what index.html says beside it. Builds nothing: reads the config and apps/web/public.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_COLOR, THEME_COLORS, WEB_MANIFEST } from '../../apps/web/build/web-manifest.ts';
import { root } from '../../scripts/ensure.mjs';

const publicDir = join(root, 'apps/web/public');
const indexHtml = readFileSync(join(root, 'apps/web/index.html'), 'utf8');
const viteConfig = readFileSync(join(root, 'apps/web/vite.config.ts'), 'utf8');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size and whether it can be transparent, from its header chunks (IHDR, tRNS). */
function readPng(src) {
  const file = join(publicDir, src.replace(/^\//, ''));
  expect(existsSync(file), `${src} exists in apps/web/public`).toBe(true);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${src} is a PNG`).toBe(true);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const colourType = bytes[25];
  // Colour types 4 and 6 carry an alpha channel; a tRNS chunk makes the others transparent.
  const alpha = colourType === 4 || colourType === 6 || bytes.includes(Buffer.from('tRNS', 'latin1'));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), alpha, bytes: statSync(file).size };
}

const sizesOf = (declared) => declared.split('x').map(Number);

describe('the web app manifest', () => {
  it('[SHELL-21] names the app, its id, scope and start URL, and opens standalone', () => {
    expect(WEB_MANIFEST).toMatchObject({
      id: '/',
      scope: '/',
      start_url: '/',
      name: 'Tripcrew',
      short_name: 'Tripcrew',
      display: 'standalone',
      background_color: BACKGROUND_COLOR,
      theme_color: THEME_COLORS.light,
    });
    expect(WEB_MANIFEST.description?.length).toBeGreaterThan(20);
    expect(WEB_MANIFEST.categories).toContain('travel');
    expect(viteConfig).toContain('manifest: WEB_MANIFEST');
  });

  it('[SHELL-21] every PNG icon exists at its declared size; 192 and 512 for any purpose, a maskable 512 without transparency', () => {
    const icons = WEB_MANIFEST.icons ?? [];
    const pngs = icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.length).toBeGreaterThanOrEqual(3);
    for (const icon of pngs) {
      const [width, height] = sizesOf(icon.sizes);
      expect(readPng(icon.src), icon.src).toMatchObject({ width, height });
    }
    const any = pngs.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
    expect(any.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    const maskable = pngs.filter((icon) => icon.purpose?.split(' ').includes('maskable'));
    expect(maskable.map((icon) => icon.sizes)).toEqual(['512x512']);
    // Full bleed: a launcher's mask cuts into the background, never into transparency.
    expect(readPng(maskable[0].src).alpha).toBe(false);
    expect(existsSync(join(publicDir, 'favicon.svg'))).toBe(true);
  });

  it('[SHELL-21] index.html links an opaque 180 × 180 apple-touch-icon', () => {
    const link = /<link rel="apple-touch-icon"[^>]*href="([^"]+)"/.exec(indexHtml);
    expect(link, 'apple-touch-icon link').not.toBeNull();
    expect(readPng(link[1])).toMatchObject({ width: 180, height: 180, alpha: false });
  });

  it('[SHELL-21] one narrow and one wide screenshot exist at their declared sizes, each under 300 kB', () => {
    const shots = WEB_MANIFEST.screenshots ?? [];
    expect(shots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of shots) {
      const [width, height] = sizesOf(shot.sizes);
      const png = readPng(shot.src);
      expect(png, shot.src).toMatchObject({ width, height });
      expect(png.bytes).toBeLessThan(300_000);
      if (shot.form_factor === 'narrow') expect(height).toBeGreaterThan(width);
      else expect(width).toBeGreaterThan(height);
      expect(shot.label).toBeTruthy();
    }
  });

  it("[SHELL-21] index.html's theme colours follow the light and dark header, as the manifest says", () => {
    const metas = [...indexHtml.matchAll(/<meta name="theme-color"([^>]*)\/>/g)].map((m) => m[1]);
    const colourFor = (scheme) =>
      metas
        .find((attrs) => attrs.includes(`(prefers-color-scheme: ${scheme})`))
        ?.match(/content="([^"]+)"/)?.[1];
    expect(colourFor('light')).toBe(THEME_COLORS.light);
    expect(colourFor('dark')).toBe(THEME_COLORS.dark);
    const css = readFileSync(join(root, 'apps/web/src/styles/index.css'), 'utf8');
    // The header: white over slate-50 in the light theme, slate-950 in the dark one.
    expect(readFileSync(join(root, 'apps/web/src/app/layout/header.tsx'), 'utf8')).toMatch(
      /<header className="[^"]*bg-white\/85[^"]*dark:bg-slate-950\/85/,
    );
    expect(css).toContain('bg-slate-950');
  });

  it('[SHELL-21] a new version waits for the update prompt, and activating it keeps the runtime caches', () => {
    expect(viteConfig).toContain("registerType: 'prompt'");
    expect(viteConfig).toContain('skipWaiting: false');
    // cleanupOutdatedCaches deletes only caches whose name holds "-precache-" (older Workbox
    // releases' precaches): the runtime caches must never be named so.
    expect(viteConfig).toContain('cleanupOutdatedCaches: true');
    const cacheNames = [...viteConfig.matchAll(/cacheName: '([^']+)'/g)].map((m) => m[1]);
    expect(cacheNames.length).toBeGreaterThan(0);
    for (const name of cacheNames) expect(name).not.toContain('-precache-');
  });
});
