import { dataOf, healthSchema } from "@stempla/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/http-error.ts";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: dataOf(healthSchema) },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, "health check: database unreachable");
        throw new HttpError(503);
      }
      return {
        data: {
          status: "ok" as const,
          database: "ok" as const,
          uptime_seconds: Math.round(process.uptime()),
        },
      };
    },
  );
};
