/** The HTML twin of a plain-text mail: paragraphs, a big code, links; every text escaped. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function mailHtml(
  paragraphs: Array<string | { code: string } | { link: string; label: string }>,
): string {
  const body = paragraphs
    .map((p) => {
      if (typeof p === 'string') return `<p>${escapeHtml(p)}</p>`;
      if ('code' in p)
        return `<p style="font-size:28px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(p.code)}</p>`;
      return `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`;
    })
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${body}\n</body></html>`;
}
