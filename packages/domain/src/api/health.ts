import { z } from "zod";

/** GET /api/v2/health: the server runs and reaches its database (a 503 otherwise). */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  uptime_seconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
