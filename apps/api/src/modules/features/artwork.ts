import { createHash } from 'node:crypto';

/** Hand-picked gradient pairs that read well behind white text. */
const PALETTES: Array<[string, string]> = [
  ['#0f766e', '#14b8a6'],
  ['#1d4ed8', '#60a5fa'],
  ['#7c3aed', '#c084fc'],
  ['#be123c', '#fb7185'],
  ['#c2410c', '#fb923c'],
  ['#15803d', '#4ade80'],
  ['#0e7490', '#22d3ee'],
  ['#a16207', '#facc15'],
  ['#4338ca', '#818cf8'],
  ['#9d174d', '#f472b6'],
  ['#334155', '#94a3b8'],
  ['#065f46', '#34d399'],
];

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Splits a title into at most 3 lines of about `width` characters. */
function wrap(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > 3)
    return [
      ...lines.slice(0, 2),
      `${lines
        .slice(2)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return lines;
}

/**
 * A deterministic artwork for a place or feature: a gradient chosen by hashing the name, soft
 * shapes placed by the hash, the category icon and the title. Same input, same bytes.
 */
export function renderArtwork(input: {
  title: string;
  subtitle?: string | undefined;
  icon: string;
  seed: string;
}): string {
  const hash = createHash('sha256').update(input.seed).digest();
  const [from, to] = PALETTES[hash[0]! % PALETTES.length]!;
  const angle = (hash[1]! / 255) * 360;
  const circles = [0, 1, 2]
    .map((i) => {
      const cx = 80 + (hash[2 + i * 3]! / 255) * 640;
      const cy = 60 + (hash[3 + i * 3]! / 255) * 420;
      const r = 60 + (hash[4 + i * 3]! / 255) * 160;
      return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${(0.06 + i * 0.04).toFixed(2)}"/>`;
    })
    .join('');
  const lines = wrap(input.title, 22);
  const top = 330 - (lines.length - 1) * 28;
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${top + i * 56}" text-anchor="middle" font-size="48" font-weight="700">${escapeXml(l)}</text>`,
    )
    .join('');
  const subtitle = input.subtitle
    ? `<text x="400" y="${top + lines.length * 56 + 4}" text-anchor="middle" font-size="26" fill-opacity="0.85">${escapeXml(input.subtitle)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${escapeXml(input.title)}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle.toFixed(0)} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>${circles}
<text x="400" y="${top - 90}" text-anchor="middle" font-size="96">${escapeXml(input.icon)}</text>
<g fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${text}${subtitle}</g>
</svg>`;
}
