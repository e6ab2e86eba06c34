import {
  authResponseSchema,
  loginSchema,
  okResponseSchema,
  restoreEmailSchema,
  restoreSchema,
  verifyEmailSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { assertSameOrigin, clearSessionCookies, setSessionCookies } from "../../plugins/auth.ts";
import { enforceRateLimits, limitFailures } from "../../plugins/rate-limit.ts";
import {
  deleteSession,
  login,
  requestPasswordReset,
  resetPassword,
  type SessionStart,
  verifyEmail,
} from "./service.ts";

export const authRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = app.config.publicUrl.startsWith("https://");
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });
  const signedIn = (reply: FastifyReply, session: SessionStart) => {
    setSessionCookies(reply, session.token, secure);
    return { data: session };
  };

  r.post(
    "/dashboard/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Log in; sets the session cookie and returns the token for API clients",
        body: loginSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      // Generous per address (offices share one), strict per account against password guessing.
      await enforceRateLimits(app.db, [{ key: `login:ip:${request.ip}`, limit: 100, windowSeconds: 900 }]);
      const session = await limitFailures(
        app.db,
        { key: `login:email:${request.body.email.toLowerCase()}`, limit: 10, windowSeconds: 900 },
        () => login(app.db, request.body, client(request), app.config),
      );
      return signedIn(reply, session);
    },
  );

  r.post(
    "/dashboard/verifyEmail",
    {
      schema: {
        tags: ["auth"],
        summary: "Confirm the email address with the token from the mail; logs in",
        body: verifyEmailSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [{ key: `verify:ip:${request.ip}`, limit: 30, windowSeconds: 900 }]);
      return signedIn(reply, await verifyEmail(app.db, request.body.token, client(request)));
    },
  );

  r.post(
    "/dashboard/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "End the session on the server",
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      if (request.authUser) await deleteSession(app.db, request.authUser.sessionId);
      clearSessionCookies(reply);
      return { data: { ok: true as const } };
    },
  );

  r.post(
    "/dashboard/restore",
    {
      schema: {
        tags: ["auth"],
        summary: "Send a password-reset link; answers the same whether or not the address exists",
        body: restoreSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await enforceRateLimits(app.db, [
        { key: `restore:ip:${request.ip}`, limit: 10, windowSeconds: 3600 },
        { key: `restore:email:${request.body.email}`, limit: 3, windowSeconds: 3600 },
      ]);
      await requestPasswordReset(app.db, request.body.email, app.config.publicUrl);
      return { data: { ok: true as const } };
    },
  );

  r.post(
    "/dashboard/restoreEmail",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with the token from the reset mail; logs in",
        body: restoreEmailSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [
        { key: `restore-email:ip:${request.ip}`, limit: 20, windowSeconds: 900 },
      ]);
      return signedIn(reply, await resetPassword(app.db, request.body, client(request)));
    },
  );
};
