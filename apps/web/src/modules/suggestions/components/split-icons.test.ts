import { describe, expect, it } from 'vitest';
import { splitIcons } from './split-icons.ts';

describe('splitIcons', () => {
  it('[HOME-03] one entry per emoji: ZWJ families, flags, keycaps, skin tones and variation selectors kept whole', () => {
    expect(splitIcons('🍺🏰👨‍👩‍👧🇵🇹1️⃣👍🏽❤️🏳️‍🌈👩🏽‍💻')).toEqual(['🍺', '🏰', '👨‍👩‍👧', '🇵🇹', '1️⃣', '👍🏽', '❤️', '🏳️‍🌈', '👩🏽‍💻']);
  });

  it('[HOME-03] agrees with the grapheme segmenter on mixed text; blanks are dropped', () => {
    const text = 'é x 🇫🇷 🧗‍♀️ a\u0301 🤝🏼';
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const expected = Array.from(segmenter.segment(text), (part) => part.segment).filter(
      (part) => part.trim() !== '',
    );
    expect(splitIcons(text)).toEqual(expected);
    expect(splitIcons('')).toEqual([]);
    expect(splitIcons('   ')).toEqual([]);
  });
});
