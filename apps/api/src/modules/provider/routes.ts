import { dataOf, providerInfoSchema } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

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
      const p = app.config.provider;
      reply.header("cache-control", "public, max-age=300");
      return {
        data: {
          name: p.name,
          street: p.street,
          postcode: p.postcode,
          city: p.city,
          email: p.email,
          phone: p.phone,
          support_email: app.config.supportEmail,
          register: p.register,
          vat_id: p.vatId,
          managing_directors: p.managingDirectors,
        },
      };
    },
  );
};
