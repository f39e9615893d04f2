import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { lazySchema, parseWithLoadedSchema } from './lazy-schema.ts';

const schema = z.object({ id: z.string() });

describe('parseWithLoadedSchema', () => {
  it('[PERF-07] parses the answer with the schema loaded alongside it', async () => {
    await expect(
      parseWithLoadedSchema(Promise.resolve({ id: 'a', extra: 1 }), Promise.resolve(schema), 'bad'),
    ).resolves.toEqual({ id: 'a' });
  });

  it('[PERF-07] an answer that does not match is an error with the given message', async () => {
    await expect(
      parseWithLoadedSchema(Promise.resolve({ id: 7 }), Promise.resolve(schema), 'Unexpected data'),
    ).rejects.toThrow('Unexpected data');
  });
});

describe('lazySchema', () => {
  it('[PERF-07] loads once, then serves the schema synchronously', async () => {
    const loader = vi.fn(() => Promise.resolve(schema));
    const lazy = lazySchema(loader);
    expect(lazy.current).toBeNull();
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect(first).toBe(schema);
    expect(second).toBe(schema);
    expect(lazy.current).toBe(schema);
    await lazy.load();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('[PERF-07] a failed load is tried again by the next call', async () => {
    const loader = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(schema);
    const lazy = lazySchema(loader);
    await expect(lazy.load()).rejects.toThrow('chunk failed');
    expect(lazy.current).toBeNull();
    await expect(lazy.load()).resolves.toBe(schema);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
