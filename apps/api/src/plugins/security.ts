import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { PROVIDER_BROWSER_ORIGINS } from "../modules/payments/provider.ts";

/** The origins a tile URL template loads from: one host, or each of {s}'s a/b/c subdomains. */
export function tileOrigins(url: string | null): string[] {
  if (!url) return [];
  const origin = url.match(/^https?:\/\/[^/]+/)?.[0];
  if (!origin) return [];
  return origin.includes("{s}") ? ["a", "b", "c"].map((s) => origin.replace("{s}", s)) : [origin];
}

/**
 * Security headers with a CSP the built app works under: scripts only from our origin (Vite emits
 * no inline script); styles allow 'unsafe-inline' because Mantine injects its CSS variables in a
 * <style> element and components set style attributes. See docs/decisions/003-content-security-policy.md.
 */
const securityPlugin: FastifyPluginAsync = async (app) => {
  // The payment provider's script, its frames and its API, only when a publishable key makes the
  // partner pages load it (decision 010, section 5).
  const payments = app.config.payments.publishableKey ? PROVIDER_BROWSER_ORIGINS : undefined;
  // Built once: @fastify/helmet built helmet's whole middleware again on every request (directives
  // parsed, header strings made): about two fifths of what the API allocated per scan
  // (docs/decisions/014-no-pretenuring.md).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(payments ? [payments.script] : [])],
        frameSrc: ["'self'", ...(payments ? [payments.script] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The location map draws its background from the configured tile service.
        imgSrc: ["'self'", "data:", "blob:", ...tileOrigins(app.config.mapTiles.url)],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(payments ? [payments.connect] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Allows the QR code and logo images to be embedded by the mobile app's web views later.
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  // Helmet 8 throws a bad option when it is built, above; per request it only sets headers.
  app.addHook("onRequest", (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, () => done()),
  );
};

export default fp(securityPlugin, { name: "security" });
