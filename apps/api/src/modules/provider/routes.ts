import { dataOf, type ProviderInfo, providerInfoSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";

export const providerRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/provider",
    {
      schema: {
        tags: ["public"],
        summary: "The provider company (imprint data), from configuration",
        response: { 200: dataOf(providerInfoSchema) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { data: providerInfo(app.config) };
    },
  );
};

/** The provider's details as GET /provider answers them; the server-rendered legal pages use the same. */
export function providerInfo(config: Config): ProviderInfo {
  const p = config.provider;
  return {
    name: p.name,
    street: p.street,
    postcode: p.postcode,
    city: p.city,
    email: p.email,
    phone: p.phone,
    support_email: config.supportEmail,
    register: p.register,
    vat_id: p.vatId,
    managing_directors: p.managingDirectors,
  };
}
