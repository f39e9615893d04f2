/** One segmenter for every card: building one costs far more than using it (PERF-07). */
let segmenter: Intl.Segmenter | null = null;

/** Splits an emoji string into its graphemes (one entry per emoji, ZWJ sequences kept whole). */
export function splitIcons(icons: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(icons), (part) => part.segment).filter((part) => part.trim() !== '');
}
