import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    /** When the database was last checked (ISO 8601): GET /health answers from that check. */
    checkedAt: z.string(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
