import { contactMessageSchema, contactMessageSentSchema, dataOf } from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { submitContactMessage } from "./service.ts";

export const contactRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/contact",
    {
      schema: {
        tags: ["public"],
        summary: "Send a message through the public contact form",
        description: "Stores the message and queues a mail to support and a confirmation to the sender.",
        body: contactMessageSchema,
        response: { 201: dataOf(contactMessageSentSchema) },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [
        { key: `contact:ip:${request.ip}`, limit: 10, windowSeconds: 3600 },
        { key: `contact:email:${request.body.email}`, limit: 3, windowSeconds: 3600 },
      ]);
      const result = await submitContactMessage(
        app.db,
        request.body,
        request.locale,
        app.config.supportEmail,
      );
      return reply.status(201).send({ data: result });
    },
  );
};
