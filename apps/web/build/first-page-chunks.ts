import { fileURLToPath } from 'node:url';

/** What a chunk-group name function can ask of the module graph (Rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/** A first page: its name in the chunk's file name and the source files its first render runs. */
export interface FirstPage {
  name: string;
  /** Source files relative to `root` (the route module and what prefetches its data). */
  modules: readonly string[];
}

/**
 * The modules each page's `modules` import statically, transitively, leaving out `skip` (modules
 * with chunks of their own: zod, the contracts) and what they import.
 */
export function reachedModules(
  graph: ModuleGraph,
  pages: readonly FirstPage[],
  root: string,
  skip: RegExp,
): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>();
  for (const page of pages) {
    const seen = new Set<string>();
    const stack = page.modules.map((module) => fileURLToPath(new URL(module, root)));
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || skip.test(id)) continue;
      seen.add(id);
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    reached.set(page.name, seen);
  }
  return reached;
}

/**
 * Two chunk-group name functions (decision 027): `shared` names `first-shared` the modules that
 * several first pages' renders run; `own` names `first-<page>` those only one page runs. Anything
 * else gets no name (Rolldown splits it as before); the entry's own modules are taken earlier by
 * the `app` group. `shared` must come before `own` in the groups: a group takes a module's imports
 * with it, and a module several pages run only imports modules they all run.
 *
 * Why: a first page used to load about twenty chunks of 1–3 kB beside the entry. On a phone each
 * costs a round trip and a share of the bandwidth while the 140 kB entry downloads; a few files
 * instead of twenty let the entry arrive, and the page paint, several hundred milliseconds sooner.
 */
export function firstPageChunks(pages: readonly FirstPage[], root: string, skip: RegExp) {
  let owner: Map<string, string> | null = null;
  const ownerOf = (moduleId: string, graph: ModuleGraph): string | null => {
    if (!owner) {
      owner = new Map();
      for (const [page, modules] of reachedModules(graph, pages, root, skip)) {
        for (const id of modules) owner.set(id, owner.has(id) ? SHARED : `first-${page}`);
      }
    }
    return owner.get(moduleId) ?? null;
  };
  return {
    shared: (moduleId: string, graph: ModuleGraph) => (ownerOf(moduleId, graph) === SHARED ? SHARED : null),
    own: (moduleId: string, graph: ModuleGraph) => {
      const name = ownerOf(moduleId, graph);
      return name === SHARED ? null : name;
    },
  };
}

const SHARED = 'first-shared';
