/**
 * Validation of API answers with the contracts' zod schemas, loaded on first use.
 *
 * Modules of the first download (header, bell, live socket, trip option bar) must not import a
 * schema statically: zod and the schemas would join the entry chunk (PERF-07: at most 170 kB of
 * JavaScript on /). They pass `import('@tripcrew/contracts/…')` instead; the schema chunk is
 * fetched alongside the request, so the answer does not wait for it in turn.
 */

/** What this module needs of a zod schema. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * Awaits the answer and the schema together and returns the parsed answer; `message` is the
 * error when the answer does not match.
 */
export async function parseWithLoadedSchema<T>(
  answer: Promise<unknown>,
  schema: Promise<AnswerSchema<T>>,
  message: string,
): Promise<T> {
  const [data, loaded] = await Promise.all([answer, schema]);
  const parsed = loaded.safeParse(data);
  if (!parsed.success) throw new Error(message);
  return parsed.data;
}

/** A schema fetched once, then usable synchronously (for handlers that cannot await). */
export interface LazySchema<T> {
  /** Starts the load, or joins the one under way; a failed load is tried again by the next call. */
  load(): Promise<AnswerSchema<T>>;
  /** The schema once loaded; null before. */
  readonly current: AnswerSchema<T> | null;
}

export function lazySchema<T>(loader: () => Promise<AnswerSchema<T>>): LazySchema<T> {
  let current: AnswerSchema<T> | null = null;
  let pending: Promise<AnswerSchema<T>> | null = null;
  return {
    load() {
      pending ??= loader().then(
        (schema) => (current = schema),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get current() {
      return current;
    },
  };
}
