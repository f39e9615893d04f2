/**
 * `node scripts/make-icons.mjs`: the web app's installable icons, drawn from its logo
 * (apps/web/public/favicon.svg) into apps/web/public/icons/. Run it again after the logo changes
 * and commit the PNGs; apps/web/build/web-manifest.ts lists them and test/repo/web-manifest.test.mjs
 * checks their sizes.
 *
 * - icon-192.png, icon-512.png: the logo as it is (rounded corners, transparent outside), purpose any;
 * - maskable-512.png: a full-bleed square in the logo's colour with the logo in its central 80 %,
 *   the safe zone that every launcher mask (circle, squircle, rounded square) keeps;
 * - apple-touch-icon.png (180 × 180): the logo on its own colour, square and opaque (iOS rounds the
 *   corners itself and shows transparency as black).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'apps/web/public');
const outDir = join(publicDir, 'icons');
const logo = readFileSync(join(publicDir, 'favicon.svg'));

/** The logo's background colour: the fill of its first rect. */
const BACKGROUND = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo.toString('utf8'))?.[1];
if (!BACKGROUND) throw new Error('favicon.svg: no <rect fill="#rrggbb"> to take the background from');

/** The share of a maskable icon the logo may use (the safe zone is a circle of 80 % diameter). */
const MASKABLE_SAFE_ZONE = 0.8;

/** The logo rendered at `size` × `size` pixels (PNG, transparent outside its rounded square). */
function renderLogo(size) {
  // density scales the SVG's 64-unit viewBox so librsvg draws it sharp at the target size.
  return sharp(logo, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** The logo at `logoSize`, centred on an opaque `size` square of the logo's background colour. */
async function onBackground(size, logoSize) {
  const offset = Math.round((size - logoSize) / 2);
  return sharp({ create: { width: size, height: size, channels: 3, background: BACKGROUND } })
    .composite([{ input: await renderLogo(logoSize), left: offset, top: offset }])
    .flatten({ background: BACKGROUND })
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const png = (buffer) => sharp(buffer).png({ compressionLevel: 9 });

mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', () => renderLogo(192)],
  ['icon-512.png', () => renderLogo(512)],
  ['maskable-512.png', () => onBackground(512, Math.round(512 * MASKABLE_SAFE_ZONE))],
  ['apple-touch-icon.png', () => onBackground(180, 180)],
];
for (const [name, draw] of icons) {
  const file = join(outDir, name);
  const info = await png(await draw()).toFile(file);
  console.log(`${file}: ${info.width}×${info.height}, ${info.size} bytes`);
}
