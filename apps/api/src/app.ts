import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import type { SocialProvider } from "@stempla/domain";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { type LoggableError, loggableError } from "./lib/loggable-error.ts";
import { reviewRoutes } from "./modules/admin/review-routes.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { type IdTokenVerifier, idTokenVerifier, type OpenIdProviderKeys } from "./modules/app/id-token.ts";
import { appRoutes } from "./modules/app/routes.ts";
import { type WalletDeriver, walletDeriver } from "./modules/app/wallet.ts";
import { accountRoutes } from "./modules/auth/account-routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { billingAdminRoutes } from "./modules/billing/admin-routes.ts";
import { nftStatementRoutes } from "./modules/billing/nft-statement-routes.ts";
import { subscriptionRoutes } from "./modules/billing/routes.ts";
import { clientRoutes } from "./modules/clients/routes.ts";
import { companyRoutes } from "./modules/company/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { contractRoutes, hardwareAdminRoutes } from "./modules/contract/routes.ts";
import { faqAdminRoutes } from "./modules/faq/admin-routes.ts";
import { faqRoutes, partnerFaqRoutes } from "./modules/faq/routes.ts";
import { franchiseAdminRoutes } from "./modules/franchise/admin-routes.ts";
import { franchisePublicRoutes } from "./modules/franchise/public-routes.ts";
import { franchiseRoutes } from "./modules/franchise/routes.ts";
import { geoPositionRoutes, mapTileRoutes } from "./modules/geo/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { locationRoutes } from "./modules/locations/routes.ts";
import { menuMediaRoutes } from "./modules/menu/media-routes.ts";
import { menuGuestPageRoutes, menuPublicApiRoutes } from "./modules/menu/public-routes.ts";
import { menuRoutes } from "./modules/menu/routes.ts";
import { nftAdminRoutes } from "./modules/nft/admin-routes.ts";
import { nftAppRoutes } from "./modules/nft/app-routes.ts";
import { nftCheckPageRoutes, nftPublicApiRoutes } from "./modules/nft/check-page.ts";
import { nftMonitorRoutes } from "./modules/nft/monitor-routes.ts";
import { nftMediaRoutes } from "./modules/nft/photos.ts";
import { nftRoutes } from "./modules/nft/routes.ts";
import { logoRoutes } from "./modules/partner/logo-routes.ts";
import { partnerRoutes } from "./modules/partner/routes.ts";
import {
  paymentPartnerRoutes,
  paymentWebhookRoutes,
  sandboxOnboardingRoutes,
} from "./modules/payments/routes.ts";
import { configurePayments } from "./modules/payments/select.ts";
import { providerRoutes } from "./modules/provider/routes.ts";
import { referenceRoutes } from "./modules/reference/routes.ts";
import { registrationRoutes } from "./modules/registration/routes.ts";
import { retentionAdminRoutes } from "./modules/retention/routes.ts";
import { publishedPartnerRoutes } from "./modules/review/routes.ts";
import { scanLandingRoutes } from "./modules/scan-landing/routes.ts";
import { setupRoutes } from "./modules/setup/routes.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { statusRoutes } from "./modules/status/routes.ts";
import { termsAdminRoutes, termsRoutes } from "./modules/terms/routes.ts";
import auth from "./plugins/auth.ts";
import errors from "./plugins/errors.ts";
import { HttpError } from "./plugins/http-error.ts";
import locale from "./plugins/locale.ts";
import openapi from "./plugins/openapi.ts";
import { partnerScope } from "./plugins/partner-scope.ts";
import security from "./plugins/security.ts";
import sitemap from "./plugins/sitemap.ts";
import { teamScope } from "./plugins/team-scope.ts";
import webApp from "./plugins/web-app.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    config: Config;
    wallet: WalletDeriver;
    idTokens: IdTokenVerifier;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  /** Pino logger options (merged over ours, e.g. a `stream`); tests pass false. */
  logger?: boolean | object;
  /** Tests only: a local OpenID provider's issuer and keys in place of Google's, Apple's or Facebook's. */
  openIdProviders?: Partial<Record<SocialProvider, OpenIdProviderKeys>>;
}

/**
 * The logger's `err` serializer: anything logged as `err` (by us, by Fastify, by the jobs) is
 * written without the parameters of a failed SQL query (lib/loggable-error.ts).
 */
const errSerializer = (err: FastifyError) => {
  // Already sanitised (the error handler logs loggableError()) or an error as thrown.
  const safe = err instanceof Error ? loggableError(err) : (err as unknown as LoggableError);
  return { ...safe, stack: safe.stack ?? "" };
};

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 ignores a bare hop count (it cannot know whether the
 * peer is one of the proxies), so the count becomes a trust function: the connecting peer and the
 * next `hops - 1` X-Forwarded-For entries from the right are our proxies, and the entry after them
 * is the client. Entries further left were written by the client and are never its address.
 */
function trustProxyOption(trust: Config["trustProxy"]) {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** The whole API as one Fastify instance: cross-cutting plugins first, then the modules. */
export async function buildApp({
  config,
  db,
  logger = true,
  openIdProviders,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            serializers: { err: errSerializer },
            ...(logger === true ? {} : logger),
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A coupon's signed code is one path segment of about 125 characters (decision 010, §1).
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  app.decorate("wallet", walletDeriver(config.walletSeed));
  app.decorate("idTokens", idTokenVerifier(config.socialClientIds, openIdProviders));
  // The voucher market's payment provider for this database (decision 010, section 5).
  configurePayments(db, {
    provider: config.payments.provider,
    publicUrl: config.publicUrl,
    platform: config.provider,
  });

  await app.register(cookie);
  await app.register(locale);
  await app.register(errors);
  await app.register(security);
  await app.register(compress, { threshold: 1024 });
  await app.register(auth, { publicUrl: config.publicUrl });
  await app.register(openapi, { teamOnly: config.env === "production" });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(referenceRoutes);
      await api.register(contactRoutes);
      await api.register(providerRoutes);
      await api.register(registrationRoutes);
      await api.register(franchisePublicRoutes);
      await api.register(authRoutes);
      // Any signed-in user's own account (partners and the provider team): one hook of its own.
      await api.register(accountRoutes);
      await api.register(mapTileRoutes);
      await api.register(logoRoutes);
      await api.register(publishedPartnerRoutes);
      await api.register(faqRoutes);
      await api.register(menuPublicApiRoutes);
      // A coupon's or voucher's code checked, and the keys codes are signed with (decision 010, §7).
      await api.register(nftPublicApiRoutes);
      await api.register(paymentWebhookRoutes);
      // Partner-only routes: one hook authenticates the partner and sets request.partner
      // (docs/architecture.md); public routes stay above, outside the scope.
      await api.register(partnerScope, {
        routes: [
          partnerRoutes,
          locationRoutes,
          geoPositionRoutes,
          statusRoutes,
          companyRoutes,
          setupRoutes,
          statsRoutes,
          clientRoutes,
          subscriptionRoutes,
          contractRoutes,
          termsRoutes,
          partnerFaqRoutes,
          franchiseRoutes,
          menuRoutes,
          nftMonitorRoutes,
          nftRoutes,
          paymentPartnerRoutes,
          nftStatementRoutes,
        ],
      });
    },
    { prefix: "/api/v2" },
  );
  // The provider team's console: one hook authenticates the team member (docs/architecture.md).
  await app.register(teamScope, {
    prefix: "/api/admin",
    routes: [
      adminRoutes,
      reviewRoutes,
      billingAdminRoutes,
      hardwareAdminRoutes,
      termsAdminRoutes,
      retentionAdminRoutes,
      faqAdminRoutes,
      franchiseAdminRoutes,
      nftAdminRoutes,
    ],
  });
  await app.register(appRoutes, { prefix: "/api/app" });
  // The customer's side of the coupon and voucher market (decision 010, section 7 "App").
  await app.register(nftAppRoutes, { prefix: "/api/app" });
  await app.register(scanLandingRoutes);
  // The check page staff open by scanning a coupon's or voucher's QR code (decision 010, §7).
  await app.register(nftCheckPageRoutes);
  // The digital menu's guest pages (decision 009, section 4): server HTML, before the web app.
  await app.register(menuGuestPageRoutes);
  // The menus' pictures and PDFs: public and content addressed (decision 009, section 4).
  await app.register(menuMediaRoutes);
  // The offers' photos: public and content addressed (decision 010, section 6).
  await app.register(nftMediaRoutes);
  // The sandbox payment provider's onboarding page (decision 010, section 5): server HTML.
  await app.register(sandboxOnboardingRoutes);

  // /sitemap.xml and /robots.txt name absolute URLs from PUBLIC_URL (issue 17).
  await app.register(sitemap);
  await app.register(webApp, { distDir: config.webDistDir, marketingSiteUrl: config.marketingSiteUrl });

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      !request.url.startsWith("/api/") && (request.method === "GET" || request.method === "HEAD");
    if (isPage && app.servePage) return app.servePage(request, reply);
    throw HttpError.notFound();
  });

  return app;
}
