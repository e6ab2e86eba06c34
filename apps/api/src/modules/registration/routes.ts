import {
  emailCheckResponseSchema,
  emailCheckSchema,
  registeredResponseSchema,
  registerSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { isEmailFree, register } from "./service.ts";

export const registrationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/dashboard/emailCheck",
    {
      schema: {
        tags: ["registration"],
        summary: "Is this email address still free for a new account?",
        body: emailCheckSchema,
        response: { 200: emailCheckResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimits(app.db, [
        { key: `email-check:ip:${request.ip}`, limit: 60, windowSeconds: 600 },
        { key: `email-check:email:${request.body.email}`, limit: 20, windowSeconds: 600 },
      ]);
      return { data: { free: await isEmailFree(app.db, request.body.email) } };
    },
  );

  r.post(
    "/dashboard/register",
    {
      schema: {
        tags: ["registration"],
        summary: "Register a partner (type partner) or franchisor (type master)",
        description:
          "Creates the company, its billing address and the unconfirmed user, and sends the confirmation mail. " +
          "An email already in the system answers 422 on the field email.",
        body: registerSchema,
        response: { 201: registeredResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [
        { key: `register:ip:${request.ip}`, limit: 10, windowSeconds: 3600 },
        { key: `register:email:${request.body.email}`, limit: 5, windowSeconds: 3600 },
      ]);
      const result = await register(app.db, request.body, request.locale, app.config.publicUrl);
      return reply.status(201).send({ data: { email: result.email, confirmation_sent: true as const } });
    },
  );
};
