import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>\n?/g;

/**
 * index.html with the app's stylesheets moved from the head to the end of the body.
 *
 * A stylesheet in the head holds back the first paint until it has arrived (16 kB gzip: on a slow
 * phone connection a few hundred milliseconds). At the end of the body it no longer delays the boot
 * shell above it, which carries its own few rules inline. It still holds back every script: the
 * browser runs the page's module scripts only once the stylesheets the parser met have loaded, so
 * the app never renders unstyled. The preload scanner still finds it with the rest of the page.
 */
export function moveStylesheetsAfterShell(html: string): string {
  const links = html.match(STYLESHEET) ?? [];
  if (links.length === 0 || !html.includes('</body>')) return html;
  const rest = html.replace(STYLESHEET, '');
  const moved = links.map((link) => `    ${link.trim()}\n`).join('');
  return rest.replace('</body>', `${moved}  </body>`);
}

/** Applies `moveStylesheetsAfterShell` to the built index.html (PERF-07: first contentful paint). */
export function stylesheetAfterShell(): Plugin {
  return {
    name: 'tripcrew:stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveStylesheetsAfterShell },
  };
}
