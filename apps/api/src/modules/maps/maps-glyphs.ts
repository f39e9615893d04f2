import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font, type Path } from 'opentype.js';
import { PbfWriter } from 'pbf';

/**
 * The fonts of the built-in basemap's labels, as MapLibre asks for them (`text-font`): Noto Sans
 * (SIL Open Font License) from @fontsource/noto-sans, one file per script; the Protomaps layers of
 * MAP_PMTILES ask for the same names.
 */
export const BASEMAP_FONTS = {
  'Noto Sans Regular': '400-normal',
  'Noto Sans Medium': '500-normal',
  'Noto Sans Bold': '700-normal',
  'Noto Sans Italic': '400-italic',
} as const;
export type BasemapFont = keyof typeof BASEMAP_FONTS;

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

/** MapLibre's glyph geometry: 24 px glyphs, 3 px of border, a distance field of 8 px, edge at 0.75. */
const SIZE = 24;
const BORDER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;

const require = createRequire(import.meta.url);
const fontCache = new Map<string, Font[]>();

function fontsOf(variant: string): Font[] {
  let fonts = fontCache.get(variant);
  if (!fonts) {
    fonts = SUBSETS.map((subset) => {
      const bytes = readFileSync(
        require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${variant}.woff`),
      );
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
    fontCache.set(variant, fonts);
  }
  return fonts;
}

/** The font a name in a `text-font` list stands for (the first one known), or undefined. */
export function basemapFont(fontstack: string): BasemapFont | undefined {
  return fontstack
    .split(',')
    .map((name) => name.trim())
    .find((name): name is BasemapFont => name in BASEMAP_FONTS);
}

type Segment = [number, number, number, number];

/** A glyph's outline as straight segments (curves cut in eight), y pointing down as in opentype.js. */
function outline(path: Path): Segment[] {
  const segments: Segment[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const to = (nx: number, ny: number) => {
    segments.push([x, y, nx, ny]);
    x = nx;
    y = ny;
  };
  for (const command of path.commands) {
    if (command.type === 'M') {
      x = startX = command.x;
      y = startY = command.y;
    } else if (command.type === 'L') to(command.x, command.y);
    else if (command.type === 'Q') {
      const [x0, y0] = [x, y];
      for (let step = 1; step <= 8; step++) {
        const t = step / 8;
        const u = 1 - t;
        to(
          u * u * x0 + 2 * u * t * command.x1 + t * t * command.x,
          u * u * y0 + 2 * u * t * command.y1 + t * t * command.y,
        );
      }
    } else if (command.type === 'C') {
      const [x0, y0] = [x, y];
      for (let step = 1; step <= 8; step++) {
        const t = step / 8;
        const u = 1 - t;
        to(
          u * u * u * x0 + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t * t * t * command.x,
          u * u * u * y0 + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t * t * t * command.y,
        );
      }
    } else if (command.type === 'Z') to(startX, startY);
  }
  return segments;
}

/** The signed distance of a point to an outline: negative inside (non-zero winding). */
function signedDistance(segments: Segment[], px: number, py: number): number {
  let best = Infinity;
  let winding = 0;
  for (const [ax, ay, bx, by] of segments) {
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
    const ex = ax + t * dx - px;
    const ey = ay + t * dy - py;
    best = Math.min(best, ex * ex + ey * ey);
    if (ay <= py ? by > py : by <= py) {
      const crossing = ax + ((py - ay) / (by - ay)) * dx;
      if (crossing > px) winding += by > ay ? 1 : -1;
    }
  }
  const distance = Math.sqrt(best);
  return winding === 0 ? distance : -distance;
}

interface GlyphBitmap {
  id: number;
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** One character as MapLibre's glyph protocol has it (metrics in pixels at 24 px, SDF bitmap). */
function renderGlyph(font: Font, id: number): GlyphBitmap {
  const glyph = font.charToGlyph(String.fromCodePoint(id));
  const scale = SIZE / font.unitsPerEm;
  const advance = Math.round((glyph.advanceWidth ?? 0) * scale);
  const path = glyph.getPath(0, 0, SIZE);
  const box = path.getBoundingBox();
  const segments = outline(path);
  if (segments.length === 0 || !Number.isFinite(box.x1)) {
    return { id, bitmap: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0, advance };
  }
  const left = Math.floor(box.x1);
  const topDown = Math.floor(box.y1);
  const width = Math.ceil(box.x2) - left;
  const height = Math.ceil(box.y2) - topDown;
  const columns = width + 2 * BORDER;
  const rows = height + 2 * BORDER;
  const bitmap = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    const py = topDown - BORDER + row + 0.5;
    for (let column = 0; column < columns; column++) {
      const px = left - BORDER + column + 0.5;
      const distance = signedDistance(segments, px, py);
      bitmap[row * columns + column] = Math.max(
        0,
        Math.min(255, Math.round(255 - 255 * (distance / RADIUS + CUTOFF))),
      );
    }
  }
  // `top` counts from an origin one ascender above the baseline, as the glyph servers do.
  const ascender = Math.round(font.ascender * scale);
  return { id, bitmap, width, height, left, top: -topDown - ascender, advance };
}

/**
 * The glyphs of 256 code points from `start` (a multiple of 256) in MapLibre's glyph PBF
 * (fontstack → glyph: id, bitmap, width, height, left, top, advance); characters the fonts do
 * not have are left out, and MapLibre draws nothing for them.
 */
export function glyphRange(font: BasemapFont, start: number): Uint8Array {
  const fonts = fontsOf(BASEMAP_FONTS[font]);
  const glyphs: GlyphBitmap[] = [];
  for (let id = start; id < start + 256; id++) {
    const owner = fonts.find((candidate) => candidate.charToGlyphIndex(String.fromCodePoint(id)) > 0);
    if (owner) glyphs.push(renderGlyph(owner, id));
  }
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: unknown, stack: PbfWriter) => {
      stack.writeStringField(1, font);
      stack.writeStringField(2, `${start}-${start + 255}`);
      for (const glyph of glyphs) {
        stack.writeMessage(
          3,
          (g: GlyphBitmap, out: PbfWriter) => {
            out.writeVarintField(1, g.id);
            if (g.bitmap.length > 0) out.writeBytesField(2, g.bitmap);
            out.writeVarintField(3, g.width);
            out.writeVarintField(4, g.height);
            out.writeSVarintField(5, g.left);
            out.writeSVarintField(6, g.top);
            out.writeVarintField(7, g.advance);
          },
          glyph,
        );
      }
    },
    null,
  );
  return pbf.finish();
}
