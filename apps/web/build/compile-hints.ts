import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all its
 * functions compiled on a background thread while it streams in, instead of on the main thread
 * the first time each one is called. Other engines read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunk's code with the hint as its first line (once), and its source map shifted a line. */
export function withCompileHint<M extends { mappings: string }>(
  code: string,
  map: M | null,
): { code: string; map: M | null } {
  if (code.startsWith(`${COMPILE_HINT}\n`)) return { code, map };
  return {
    code: `${COMPILE_HINT}\n${code}`,
    // In source map mappings, each ";" starts the next generated line.
    map: map ? { ...map, mappings: `;${map.mappings}` } : null,
  };
}

/**
 * Puts the compile hint on every JavaScript chunk of the build (PERF-07). The chunks are split by
 * route, so what a page downloads is what it runs. Runs after Vite's own last rewrite of the
 * chunks (the preload map it puts on their first line), so the hint stays first.
 */
export function compileHints(): Plugin {
  return {
    name: 'tripcrew:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          const hinted = withCompileHint(file.code, file.map);
          file.code = hinted.code;
          if (file.map && hinted.map) {
            file.map.mappings = hinted.map.mappings;
            const mapAsset = bundle[`${file.fileName}.map`];
            if (mapAsset?.type === 'asset') mapAsset.source = file.map.toString();
          }
        }
      },
    },
  };
}
