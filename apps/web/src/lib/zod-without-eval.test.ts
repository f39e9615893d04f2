import { suggestionsResponseSchema } from '@tripcrew/contracts/suggestions';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('zod in the web app', () => {
  it('[SEC-02] runs without its eval-built parsers, so the page never asks for eval', () => {
    expect(z.config().jitless).toBe(true);
    // Parsing an object the first time would probe `new Function` otherwise (a CSP violation).
    const probe = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), count: z.number().int() });
    expect(schema.parse({ name: 'Lisbon', count: 3 })).toEqual({ name: 'Lisbon', count: 3 });
    expect(suggestionsResponseSchema.safeParse({}).success).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });

  it('[SEC-02] the contracts share that same zod', () => {
    expect(suggestionsResponseSchema).toBeInstanceOf(z.ZodType);
  });
});
