/**
 * One emoji per match: a flag (two regional indicators), a keycap, a pictograph with its skin tone,
 * variation selector and ZWJ-joined parts; otherwise one character with its combining marks.
 * A regular expression, not Intl.Segmenter: building a segmenter loads the grapheme rules and cost
 * more than the whole card list on a phone (PERF-07).
 */
const GRAPHEME =
  /\p{RI}\p{RI}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}\p{EMod}?\uFE0F?(?:\u200D\p{Extended_Pictographic}\p{EMod}?\uFE0F?)*|\P{M}\p{M}*/gu;

/** Splits an emoji string into its graphemes (one entry per emoji, ZWJ sequences kept whole). */
export function splitIcons(icons: string): string[] {
  return (icons.match(GRAPHEME) ?? []).filter((part) => part.trim() !== '');
}
