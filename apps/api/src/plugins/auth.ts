import {
  type CompanyType,
  type Role,
  SESSION_COOKIE,
  SESSION_MARKER_COOKIE,
  SESSION_MAX_AGE_SECONDS,
} from "@stempla/domain";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { companies, sessions, users } from "../db/schema/index.ts";
import { hashToken } from "../modules/auth/secrets.ts";
import { HttpError } from "./http-error.ts";

export interface AuthUser {
  id: number;
  role: Role;
  companyId: number | null;
  /** The company's type and master (franchise, docs/decisions/008-franchise-model.md); null without a company. */
  companyType: CompanyType | null;
  masterId: number | null;
  sessionId: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The origin of PUBLIC_URL, for the Origin check. */
    ownOrigin: string;
  }
  interface FastifyRequest {
    /** The signed-in user, when the request carries a valid session. */
    authUser: AuthUser | null;
    /** How the session came: the browser's cookie (needs the Origin check) or a Bearer token. */
    authVia: "cookie" | "bearer" | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The token of an `Authorization: Bearer <token>` header (the console's and the app's API clients), else undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || undefined : undefined;
}

/**
 * Resolves the session of every API request from the session cookie or `Authorization: Bearer`.
 * State-changing requests authenticated by cookie must come from our own origin (CSRF defence on
 * top of SameSite=Lax).
 */
const authPlugin: FastifyPluginAsync<{ publicUrl: string }> = async (app, opts) => {
  const ownOrigin = new URL(opts.publicUrl).origin;
  app.decorateRequest("authUser", null);
  app.decorateRequest("authVia", null);

  // onRequest, before body validation: a signed-out client gets 401, not a validation answer.
  app.addHook("onRequest", async (request) => {
    // The end-customer app has its own Bearer sessions (modules/app).
    if (!request.url.startsWith("/api/") || request.url.startsWith("/api/app/")) return;
    const bearer = bearerToken(request);
    const token = bearer || request.cookies[SESSION_COOKIE];
    if (!token) return;

    // The company's type and master come in the same query: the partner scope's viewer needs them
    // on every partner request (docs/decisions/008-franchise-model.md, section 2).
    const [row] = await app.db
      .select({
        sessionId: sessions.id,
        id: users.id,
        role: users.role,
        companyId: users.companyId,
        companyType: companies.type,
        masterId: companies.masterId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
      .limit(1);
    if (!row) return;
    request.authUser = row;
    request.authVia = bearer ? "bearer" : "cookie";
  });
  app.decorate("ownOrigin", ownOrigin);
};

/**
 * A state-changing request that acts on the browser's session cookie must come from our own
 * origin (CSRF defence on top of SameSite=Lax). Requests that do not use the session (login,
 * registration) and Bearer-token clients are not affected.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  if (request.authVia !== "cookie" || SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  const hostOrigin = `${request.protocol}://${request.headers.host}`;
  if (!origin || (origin !== request.server.ownOrigin && origin !== hostOrigin)) {
    throw new HttpError(403, { messageKey: "auth.originRejected" });
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * onRequest hook: only signed-in users (401 otherwise). Partner routes do not use it: they live in
 * the partner scope (plugins/partner-scope.ts), whose hook also requires a company.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.authUser) throw new HttpError(401);
  assertSameOrigin(request);
}

/** onRequest hook: only the provider team (401 signed out, 403 for partners). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.authUser) throw new HttpError(401);
  if (request.authUser.role !== "admin") throw new HttpError(403);
  assertSameOrigin(request);
}

/** The signed-in user; for handlers behind requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new HttpError(401);
  return request.authUser;
}

/**
 * Sets the HttpOnly session cookie and a readable marker that only tells the browser app that a
 * session exists (so public pages do not have to ask the server on every visit).
 */
export function setSessionCookies(reply: FastifyReply, token: string, secure: boolean): void {
  const base = { path: "/", sameSite: "lax" as const, secure, maxAge: SESSION_MAX_AGE_SECONDS };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(SESSION_MARKER_COOKIE, "1", { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: "/" });
}

export default fp(authPlugin, { name: "auth", dependencies: ["@fastify/cookie"] });
