// The part of opentype.js (which ships no types) that the built-in fonts use: its DefinitelyTyped
// package pulls in the DOM library, which a server does not have.
declare module 'opentype.js' {
  interface PathCommand {
    type: 'M' | 'L' | 'Q' | 'C' | 'Z';
    x: number;
    y: number;
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }
  interface Path {
    commands: PathCommand[];
    getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
  }
  interface Glyph {
    advanceWidth: number | undefined;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  interface Font {
    unitsPerEm: number;
    ascender: number;
    charToGlyph(character: string): Glyph;
    charToGlyphIndex(character: string): number;
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
  export type { Font, Glyph, Path, PathCommand };
}
