import {
  appCardSchema,
  appIdempotencyHeaderSchema,
  appLoginSchema,
  appPartnerParamsSchema,
  appRegisterSchema,
  appScanResultSchema,
  appSessionSchema,
  appSocialLoginParamsSchema,
  appSocialLoginSchema,
  appUserSchema,
  conditionsText,
  dataOf,
  idempotencyKeySchema,
  redeemRequestSchema,
  scanRequestSchema,
  shareContactResultSchema,
  shareContactSchema,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken } from "../../plugins/auth.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { enforceRateLimits, limitFailures } from "../../plugins/rate-limit.ts";
import { appUserOfToken, getAppUser, loginAppUser, logoutAppUser, registerAppUser } from "./accounts.ts";
import { listAppCards, setShareContact } from "./cards.ts";
import { collectPointWithSession, redeemCard } from "./scan.ts";
import { signInWithIdentity } from "./social-sign-in.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The end customer of an /api/app request with a valid Bearer token. */
    appUserId: number | null;
  }
}

async function requireAppUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  const id = token ? await appUserOfToken(request.server.db, token) : undefined;
  if (!id) throw new HttpError(401);
  request.appUserId = id;
}

/** onRequest of the scan, which checks the session itself: only that a token was sent. */
async function requireBearerToken(request: FastifyRequest): Promise<void> {
  if (!bearerToken(request)) throw new HttpError(401);
}

const appUserId = (request: FastifyRequest) => {
  if (!request.appUserId) throw new HttpError(401);
  return request.appUserId;
};

const idempotencyKey = (request: FastifyRequest): string | undefined => {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw HttpError.validation({ "Idempotency-Key": ["input.invalid"] });
  return parsed.data;
};

/**
 * The end-customer app's API (not ours; we serve it). Bearer tokens of app customers, separate
 * from partner sessions. Spec section 1: points, cards, wallet address.
 */
export const appRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest("appUserId", null);

  r.post(
    "/register",
    {
      schema: {
        tags: ["app"],
        summary: "Register an end customer; a wallet address is derived for them",
        body: appRegisterSchema,
        response: { 201: appSessionSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [
        { key: `app-register:ip:${request.ip}`, limit: 20, windowSeconds: 3600 },
      ]);
      return reply.status(201).send({ data: await registerAppUser(app.db, app.wallet, request.body) });
    },
  );

  r.post(
    "/login/:provider",
    {
      schema: {
        tags: ["app"],
        summary: "Sign in with Google, Apple or Facebook: the ID token from the provider's SDK",
        description: [
          "The app sends the OpenID Connect ID token the provider's sign-in SDK returned (Facebook:",
          "Limited Login's authentication token). We check its signature against the provider's",
          "published keys, its issuer, that it was issued to one of our configured client ids",
          "(GOOGLE_CLIENT_IDS, APPLE_CLIENT_IDS, FACEBOOK_APP_IDS), that it has not expired, and,",
          "when the app sends one, that its nonce is the one of the sign-in request.",
          "A known identity signs into its customer; a first sign-in with an email the provider",
          "confirms as verified joins the customer registered with that email; otherwise a new",
          "customer with a wallet address is created (201). An unverified email never joins an",
          "existing account (409 social_email_unverified). Errors: 401 id_token_invalid or",
          "id_token_expired, 404 provider_not_configured, 422 social_email_missing,",
          "503 provider_unavailable (the provider's keys cannot be fetched).",
        ].join(" "),
        params: appSocialLoginParamsSchema,
        body: appSocialLoginSchema,
        response: { 200: appSessionSchema, 201: appSessionSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.db, [
        { key: `app-social-login:ip:${request.ip}`, limit: 100, windowSeconds: 900 },
      ]);
      const { id_token, nonce } = request.body;
      const identity = await app.idTokens.verify(request.params.provider, id_token, nonce, request.log);
      const { created, ...session } = await signInWithIdentity(app.db, app.wallet, identity, request.body);
      return reply.status(created ? 201 : 200).send({ data: session });
    },
  );

  r.post(
    "/login",
    {
      schema: {
        tags: ["app"],
        summary: "Log in with email and password",
        body: appLoginSchema,
        response: { 200: appSessionSchema },
      },
    },
    async (request) => {
      await enforceRateLimits(app.db, [
        { key: `app-login:ip:${request.ip}`, limit: 100, windowSeconds: 900 },
      ]);
      const session = await limitFailures(
        app.db,
        { key: `app-login:email:${request.body.email.toLowerCase()}`, limit: 10, windowSeconds: 900 },
        () => loginAppUser(app.db, request.body.email, request.body.password),
      );
      return { data: session };
    },
  );

  r.post(
    "/logout",
    {
      schema: {
        tags: ["app"],
        summary: "End this session",
        response: { 204: z.null().describe("Signed out") },
      },
      onRequest: requireAppUser,
    },
    async (request, reply) => {
      await logoutAppUser(app.db, bearerToken(request)!);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/me",
    {
      schema: {
        tags: ["app"],
        summary: "The signed-in customer with their wallet address",
        response: { 200: dataOf(appUserSchema) },
      },
      onRequest: requireAppUser,
    },
    async (request) => ({ data: await getAppUser(app.db, appUserId(request)) }),
  );

  r.post(
    "/scan",
    {
      schema: {
        tags: ["app"],
        summary:
          "Collect a point with a location's scan code (QR or NFC); beyond the PIN limit the staff PIN is needed",
        description: [
          "Errors: 403 pin_required or pin_wrong; 423 pin_locked (with Retry-After) while too many wrong PINs at the location have locked its PIN, even for the right PIN; 429 after too many wrong PINs by this customer;",
          "409 outside_time_limits outside the card's time limits for collecting (Berlin time).",
          "The answer, the 403 refusals and the 409 outside_time_limits carry the card's approved",
          "`conditions` and `conditions_text` (one line each, in the request's language), which the app",
          "shows the staff before they enter their PIN.",
        ].join(" "),
        headers: appIdempotencyHeaderSchema,
        body: scanRequestSchema,
        response: { 200: appScanResultSchema, 201: appScanResultSchema },
      },
      // The session is checked in the scan's own statement (collectPointWithSession), not in a
      // round trip of its own (docs/performance.md, "Scan path (issue 17)"). As for every app
      // route, a request with an invalid token gets 401 before any validation error: the
      // validation's answer waits until the session is checked.
      attachValidation: true,
      onRequest: requireBearerToken,
    },
    async (request, reply) => {
      if (request.validationError) {
        await requireAppUser(request);
        throw request.validationError;
      }
      const result = await collectPointWithSession(app.db, bearerToken(request)!, request.body, {
        idempotencyKey: idempotencyKey(request),
        publicUrl: app.config.publicUrl,
      });
      if (!result) throw new HttpError(401);
      const conditions_text = conditionsText(result.conditions, request.locale);
      return reply.status(result.replayed ? 200 : 201).send({ data: { ...result, conditions_text } });
    },
  );

  r.post(
    "/redeem",
    {
      schema: {
        tags: ["app"],
        summary: "Redeem a full card at a location; the staff confirm with their PIN",
        description: [
          "Outside the card's time limits for redeeming (Berlin time) the answer is 409 outside_time_limits.",
          "The card is checked before the PIN: without a full card the answer is 409 card_not_full whatever the PIN. Then 403 pin_wrong; 423 pin_locked (with Retry-After) while the location's PIN is locked; 429 after too many wrong PINs by this customer.",
          "The answer, the 403 pin_wrong and the 409 outside_time_limits carry the card's approved",
          "`conditions` and `conditions_text`.",
        ].join(" "),
        headers: appIdempotencyHeaderSchema,
        body: redeemRequestSchema,
        response: { 200: appScanResultSchema, 201: appScanResultSchema },
      },
      onRequest: requireAppUser,
    },
    async (request, reply) => {
      const result = await redeemCard(app.db, appUserId(request), request.body, {
        idempotencyKey: idempotencyKey(request),
        publicUrl: app.config.publicUrl,
      });
      const conditions_text = conditionsText(result.conditions, request.locale);
      return reply.status(result.replayed ? 200 : 201).send({ data: { ...result, conditions_text } });
    },
  );

  r.get(
    "/cards",
    {
      schema: {
        tags: ["app"],
        summary: "The customer's stamp cards",
        response: {
          200: dataOf(z.array(appCardSchema)),
        },
      },
      onRequest: requireAppUser,
    },
    async (request) => ({
      data: (await listAppCards(app.db, appUserId(request))).map((card) => ({
        ...card,
        conditions_text: conditionsText(card.conditions, request.locale),
      })),
    }),
  );

  r.put(
    "/cards/:partnerId/share",
    {
      schema: {
        tags: ["app"],
        summary: "Let this partner see the customer's contact data in its clients list, or stop it",
        params: appPartnerParamsSchema,
        body: shareContactSchema,
        response: {
          200: dataOf(shareContactResultSchema),
        },
      },
      onRequest: requireAppUser,
    },
    async (request) => ({
      data: await setShareContact(
        app.db,
        appUserId(request),
        request.params.partnerId,
        request.body.share_contact,
      ),
    }),
  );
};
