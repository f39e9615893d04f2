import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** The start-up script's entry (src/early-requests.ts) and its chunk's name. */
export const EARLY_REQUESTS_ENTRY = 'src/early-requests.ts';
export const EARLY_REQUESTS_NAME = 'early-requests';

/**
 * index.html with the start-up script in the head, before the app's entry: `async`, so it runs as
 * soon as it has arrived (it is under 2 kB) and asks for the first page's data while the app's
 * JavaScript downloads (PERF-07). `src` is the built file of the second entry (vite.config.ts).
 */
export function withEarlyRequestsScript(html: string, src: string): string {
  const tag = `    <script type="module" async crossorigin src="${src}"></script>\n`;
  const entry = html.search(/[ \t]*<script type="module"/);
  if (entry !== -1) return `${html.slice(0, entry)}${tag}${html.slice(entry)}`;
  return html.replace('</head>', `${tag}  </head>`);
}

/** Builds src/early-requests.ts as an entry of its own and loads it from the built index.html. */
export function earlyRequestsScript(): Plugin {
  return {
    name: 'tripcrew:early-requests-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === EARLY_REQUESTS_NAME,
        );
        if (!chunk) throw new Error(`the build has no ${EARLY_REQUESTS_NAME} entry (vite.config.ts)`);
        return withEarlyRequestsScript(html, `/${chunk.fileName}`);
      },
    },
  };
}

/** The id suffix of the start-up script's own copies of the modules it imports. */
export const EARLY_REQUESTS_COPY = '?early-requests-copy';

const fromEarlyRequests = (importer: string): boolean =>
  importer.endsWith(EARLY_REQUESTS_COPY) || importer.split('?')[0]!.endsWith(EARLY_REQUESTS_ENTRY);

/**
 * The start-up script takes its API paths and storage keys from the modules' query definitions
 * (their `*-keys.ts` files), yet must import nothing at run time. Every module it imports
 * (transitively) is given an id of its own (`…?early-requests-copy`), so the bundler puts a copy
 * inside the script instead of a chunk shared with the app. Those files are a few constants.
 */
export function earlyRequestsOwnCopies(): Plugin {
  return {
    name: 'tripcrew:early-requests-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0') || !fromEarlyRequests(importer)) return null;
      const resolved = await this.resolve(source, importer.replace(EARLY_REQUESTS_COPY, ''), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || resolved.id.includes('?')) return resolved;
      return `${resolved.id}${EARLY_REQUESTS_COPY}`;
    },
    async load(id) {
      if (!id.endsWith(EARLY_REQUESTS_COPY)) return null;
      const code = await readFile(id.slice(0, -EARLY_REQUESTS_COPY.length), 'utf8');
      return { code, moduleType: 'ts' };
    },
  };
}
