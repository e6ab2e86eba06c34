import { dataOf, isLocale, type Locale } from "@stempla/domain";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies } from "../../db/schema/accounts.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { requestLocale } from "../../plugins/locale.ts";
import { payoutAccountStatus, payoutReturnPath, syncPaymentAccount } from "./accounts.ts";
import { activePage, invalidLinkPage, onboardingPage } from "./onboarding-page.ts";
import { activateSandboxAccount, SANDBOX_ONBOARDING_PATH, sandboxAccountByToken } from "./sandbox.ts";
import { paymentProvider } from "./select.ts";
import { receiveProviderEvent } from "./webhooks.ts";

const payoutAccountStatusSchema = z.object({
  is_active: z.boolean(),
  redirect_to: z.string().nullable(),
});

/** Partner scope: the payout account (spec sections 4 and 7; decision 010, section 1). */
export const paymentPartnerRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/dashboard/stripe/account/status",
    {
      schema: {
        tags: ["nft"],
        summary:
          "Whether the payout account for selling paid vouchers is active; if not, the provider's onboarding link",
        response: { 200: dataOf(payoutAccountStatusSchema) },
      },
    },
    async (request) => ({
      data: await payoutAccountStatus(app.db, request.partner.companyId, requestLocale(request)),
    }),
  );
};

/**
 * Public: the provider's notifications, `POST /api/v2/payments/webhooks/{provider}`. The body is
 * read raw, as providers sign the exact bytes; the provider checks the event (the sandbox against
 * its books) before anything is stored.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    "/payments/webhooks/:provider",
    {
      schema: {
        tags: ["payments"],
        summary: "The payment provider's notifications (stored once per event id)",
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: dataOf(z.object({ received: z.literal(true), duplicate: z.boolean() })) },
      },
    },
    async (request) => {
      const provider = paymentProvider(app.db);
      if (request.params.provider !== provider.name) throw HttpError.notFound();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = await provider.parseEvent(raw, request.headers);
      if (!event) throw new HttpError(400);
      const { stored, handled } = await receiveProviderEvent(app.db, provider, event);
      // A notice no purchase or refund carries yet (it can overtake the row that names its
      // payment) is kept unprocessed and answered 503: providers deliver again only after an
      // error answer, and the next delivery applies it.
      if (!handled) throw new HttpError(503);
      return { data: { received: true as const, duplicate: !stored } };
    },
  );
};

/**
 * The sandbox's onboarding page, `PUBLIC_URL/payments/sandbox/onboarding/{token}`: a server-rendered
 * page in the partner's language whose button activates the account and sends the partner back to
 * `/{locale}/nft?payout=ready`. Answers 404 unless the sandbox is the provider. An HTML page, not
 * an API operation, so it stays out of the OpenAPI document.
 */
export const sandboxOnboardingRoutes: FastifyPluginAsync = async (app) => {
  // The page's form posts no fields; its body is not read.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, _b, done) =>
    done(null, {}),
  );
  const params = z.object({ token: z.string().max(100) });

  async function partnerOf(token: string) {
    const account = await sandboxAccountByToken(app.db, token);
    if (!account) return null;
    const [company] = await app.db
      .select({ name: companies.name, locale: companies.locale })
      .from(companies)
      .where(eq(companies.id, account.companyId));
    // The language the partner used when it asked for the link (its return address names it),
    // else the company's.
    const asked = account.returnUrl ? new URL(account.returnUrl).pathname.split("/")[1] : undefined;
    const locale: Locale = isLocale(asked) ? asked : isLocale(company?.locale) ? company.locale : "de";
    return { account, name: company?.name ?? "", locale };
  }

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`${SANDBOX_ONBOARDING_PATH}/:token`, { schema: { hide: true, params } }, async (request, reply) => {
      if (paymentProvider(app.db).name !== "sandbox")
        return send(reply, 404, invalidLinkPage(requestLocale(request)));
      const found = await partnerOf(request.params.token);
      if (!found) return send(reply, 404, invalidLinkPage(requestLocale(request)));
      if (found.account.activatedAt)
        return send(reply, 200, activePage(found.locale, payoutReturnPath(found.locale)));
      return send(reply, 200, onboardingPage(found.locale, found.name));
    });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(`${SANDBOX_ONBOARDING_PATH}/:token`, { schema: { hide: true, params } }, async (request, reply) => {
      if (paymentProvider(app.db).name !== "sandbox")
        return send(reply, 404, invalidLinkPage(requestLocale(request)));
      const found = await partnerOf(request.params.token);
      if (!found) return send(reply, 404, invalidLinkPage(requestLocale(request)));
      const activated = await activateSandboxAccount(app.db, request.params.token);
      if (!activated) return send(reply, 404, invalidLinkPage(found.locale));
      await syncPaymentAccount(app.db, activated.accountId);
      // After a form post: 303, so the browser follows with a GET. A path on this origin: the
      // page's CSP (form-action 'self') also governs where its form may redirect.
      return reply.redirect(payoutReturnPath(found.locale), 303);
    });
};

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(html);
}
