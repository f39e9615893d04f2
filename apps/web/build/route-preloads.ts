import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A page whose first render needs these source modules (besides the entry chunk). */
export interface RoutePreloadSpec {
  /** The URL path pattern: literal segments, `:name` for one segment (e.g. `/trips/:id`). */
  pattern: string;
  /** Source files (relative to apps/web) whose chunks, and their static imports, the page loads. */
  modules: readonly string[];
}

/** What the server reads (dist/route-preloads.json). */
export interface RoutePreloads {
  routes: { pattern: string; files: string[] }[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Minimal view of Rollup/Rolldown's output chunks this plugin needs. */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/**
 * The chunk files `modules` need, in load order: each module's chunk and its static imports,
 * depth first, without the entry chunk (index.html loads it already) and without repeats. A module
 * that is in no chunk (renamed, removed) fails the build: a stale table would preload nothing.
 */
export function routeFiles(chunks: readonly ChunkInfo[], modules: readonly string[], root: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const visit = (chunk: ChunkInfo) => {
    if (chunk.isEntry || files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  for (const module of modules) {
    const id = fileURLToPath(new URL(module, root));
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`route-preloads: ${module} is in no chunk of the build`);
    visit(chunk);
  }
  return files;
}

/**
 * Writes dist/route-preloads.json: for each page of `specs`, the chunks its first render loads.
 * The server announces them with the page (`Link: rel=modulepreload`, platform/spa-preloads.ts),
 * so they download beside the entry chunk instead of after it has run (PERF-07).
 */
export function routePreloads(specs: readonly RoutePreloadSpec[], root: string): Plugin {
  return {
    name: 'tripcrew:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') chunks.push(file);
      }
      const result: RoutePreloads = {
        routes: specs.map((spec) => ({
          pattern: spec.pattern,
          files: routeFiles(chunks, spec.modules, root).map((fileName) => `/${fileName}`),
        })),
      };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(result, null, 2),
      });
    },
  };
}
