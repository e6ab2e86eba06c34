import {
  dataOf,
  idempotencyKeySchema,
  NFT,
  NFT_ID_PATTERN,
  NFT_ITEM_VIEW_STATES,
  NFT_TYPES,
  NFT_VALIDITY_TYPES,
  pageOf,
  redeemRequestSchema,
  VOUCHER_PURPOSES,
  wholeNumber,
} from "@stempla/domain";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileResponse } from "../../lib/file-response.ts";
import { bearerToken } from "../../plugins/auth.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { appUserOfToken } from "../app/service.ts";
import { type MarketplaceProvider, paymentProvider, settleSandboxPayment } from "../payments/service.ts";
import { listMarket, marketOffer } from "./market.ts";
import {
  applyPaymentOutcome,
  claimCoupon,
  NFT_PAYMENT_METHODS,
  ownPurchase,
  purchaseVouchers,
  refreshPurchase,
} from "./purchase.ts";
import { receiptPdf } from "./receipt-pdf.ts";
import { redeemItem } from "./redeem.ts";
import { listWallet, purchaseView, WALLET_STATES, walletItem } from "./wallet.ts";
import { withdrawItem } from "./withdraw.ts";

// The end customer's side of the coupon and voucher market in the app API
// (docs/decisions/010-coupons-and-vouchers.md, section 7 "App"). App Bearer tokens, as the rest
// of /api/app. Another customer's item or purchase answers 404 everywhere.

const photoSchema = z.object({
  hash: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  urls: z.array(z.object({ width: z.number(), url: z.string() })),
});

const marketLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  distance_m: z.number().nullable().describe("Metres from the position sent; null without one"),
});

const marketOfferSchema = z.object({
  id: z.number(),
  type: z.enum(NFT_TYPES),
  name: z.string(),
  description: z.string(),
  legal_notes: z.string().nullable(),
  external_link: z.string().nullable(),
  photo: photoSchema,
  industry: z.object({ id: z.number(), name: z.string() }),
  partner: z.object({ id: z.number(), name: z.string() }),
  price_cents: z.number().describe("Gross, VAT included; 0 for a coupon"),
  original_price_cents: z.number().nullable(),
  vat_rate: z.number().nullable(),
  purpose: z.enum(VOUCHER_PURPOSES).nullable(),
  validity_type: z.enum(NFT_VALIDITY_TYPES),
  validity_days: z.number().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  unlimited: z.boolean(),
  quantity: z.number().nullable(),
  remaining: z.number().nullable(),
  min_order_quantity: z.number(),
  max_order_quantity: z.number(),
  claimed: z.boolean().describe("Coupons: this customer holds one already (one per customer)"),
  claimable: z.boolean().describe("Coupons: this customer can get one now"),
  withdrawal_days: z
    .number()
    .nullable()
    .describe("Paid vouchers: the right of withdrawal, stated before payment"),
  distance_m: z.number().nullable(),
  nearest_location: marketLocationSchema.nullable(),
  locations: z.array(marketLocationSchema).optional().describe("The offer's page: every redeemable location"),
});

const walletItemSchema = z.object({
  nft_id: z.string(),
  code: z.string().describe("The signed code; show it as a QR code of check_url"),
  check_url: z.string(),
  state: z.enum(NFT_ITEM_VIEW_STATES),
  wallet_address: z.string(),
  wallet_address_short: z.string(),
  last_day: z.string().describe("The last valid day (Berlin), YYYY-MM-DD"),
  expires_at: z.string(),
  created_at: z.string(),
  price_cents: z.number(),
  purchase_id: z.number().nullable(),
  receipt_url: z.string().nullable(),
  withdrawal_ends_at: z.string().nullable(),
  can_withdraw: z.boolean(),
  redeemed_at: z.string().nullable(),
  redeemed_location: z.object({ id: z.number(), name: z.string() }).nullable(),
  withdrawn_at: z.string().nullable(),
  offer: z.object({
    id: z.number(),
    type: z.enum(NFT_TYPES),
    name: z.string(),
    description: z.string(),
    legal_notes: z.string().nullable(),
    photo: photoSchema,
    partner: z.object({ id: z.number(), name: z.string() }),
  }),
  locations: z.array(z.object({ id: z.number(), name: z.string(), address: z.string() })),
});

const purchaseAnswerSchema = z.object({
  purchase: z.object({
    id: z.number(),
    state: z.string(),
    gross_cents: z.number(),
    reserved_until: z.string(),
  }),
  payment: z.object({
    provider: z.string(),
    payment_id: z.string().nullable(),
    client_secret: z.string().nullable(),
    confirm_url: z.string().nullable(),
  }),
});

const purchaseViewSchema = z.object({
  id: z.number(),
  offer_id: z.number(),
  state: z.string(),
  quantity: z.number(),
  unit_price_cents: z.number(),
  gross_cents: z.number(),
  payment_method: z.string(),
  reserved_until: z.string(),
  paid_at: z.string().nullable(),
  receipt_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  items: z.array(walletItemSchema),
});

const coordinate = (limit: number) =>
  z.coerce
    .number({ error: "input.invalid" })
    .min(-limit, { error: "input.invalid" })
    .max(limit, { error: "input.invalid" });

const positionQuery = z.object({ lat: coordinate(90).optional(), lng: coordinate(180).optional() });

const marketQuerySchema = positionQuery.extend({
  radius_km: z.coerce
    .number({ error: "input.invalid" })
    .positive({ error: "input.invalid" })
    .max(1000, { error: "input.invalid" })
    .optional(),
  industry_id: wholeNumber(1, 2_147_483_647).optional(),
  page: wholeNumber(1, 100_000).default(1),
});

const offerParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
const nftParams = z.object({ nft_id: z.string().max(40) });

const purchaseBodySchema = z.object({
  quantity: z.number({ error: "nft.order.quantity" }).int({ error: "nft.order.quantity" }),
  payment_method: z.enum(NFT_PAYMENT_METHODS, { error: "input.invalid" }),
});

const keyHeader = (required: boolean) =>
  z.object({
    "idempotency-key": (required ? z.string() : z.string().optional()).describe(
      "Retries of the same request carry the same key; it counts once",
    ),
  });

const customers = new WeakMap<FastifyRequest, number>();

async function requireCustomer(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  const id = token ? await appUserOfToken(request.server.db, token) : undefined;
  if (!id) throw new HttpError(401);
  customers.set(request, id);
}

const customerOf = (request: FastifyRequest): number => {
  const id = customers.get(request);
  if (!id) throw new HttpError(401);
  return id;
};

function idempotencyKey(request: FastifyRequest, required: boolean): string | undefined {
  const raw = request.headers["idempotency-key"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) {
    if (required) throw HttpError.validation({ "Idempotency-Key": ["input.invalid"] });
    return undefined;
  }
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw HttpError.validation({ "Idempotency-Key": ["input.invalid"] });
  return parsed.data;
}

/** An NFT id in a path; anything that cannot be one is as unknown as another customer's (404). */
function nftIdOf(raw: string): string {
  if (!NFT_ID_PATTERN.test(raw)) throw HttpError.notFound();
  return raw;
}

/** The app's position: both coordinates or none (one alone is a mistake worth telling). */
function positionOf(q: { lat?: number | undefined; lng?: number | undefined }) {
  if (q.lat === undefined && q.lng === undefined) return undefined;
  if (q.lat === undefined) throw HttpError.validation({ lat: ["input.invalid"] });
  if (q.lng === undefined) throw HttpError.validation({ lng: ["input.invalid"] });
  return { lat: q.lat, lng: q.lng };
}

export const nftAppRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireCustomer);
  const provider = (): MarketplaceProvider => paymentProvider(app.db);

  r.get(
    "/nft/market",
    {
      schema: {
        tags: ["app"],
        summary: "Coupons and vouchers on the market, nearest first when the app sends its position",
        description: [
          `Offers of live partners only; ${NFT.pageSize} per page. With lat and lng each offer names its`,
          "nearest redeemable location and its distance_m, and radius_km keeps those within it.",
          "Paid offers of a partner whose payout account is not active are not listed.",
        ].join(" "),
        querystring: marketQuerySchema,
        response: { 200: pageOf(marketOfferSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listMarket(app.db, customerOf(request), request.locale, {
        position: positionOf(q),
        radiusKm: q.radius_km,
        industryId: q.industry_id,
        page: q.page,
        perPage: NFT.pageSize,
      });
      return { data: items, meta: { page: q.page, per_page: NFT.pageSize, total } };
    },
  );

  r.get(
    "/nft/market/:id",
    {
      schema: {
        tags: ["app"],
        summary: "One offer of the market with all its redeemable locations",
        params: offerParams,
        querystring: positionQuery,
        response: { 200: dataOf(marketOfferSchema) },
      },
    },
    async (request) => ({
      data: await marketOffer(
        app.db,
        customerOf(request),
        request.locale,
        request.params.id,
        positionOf(request.query),
      ),
    }),
  );

  r.post(
    "/nft/market/:id/claim",
    {
      schema: {
        tags: ["app"],
        summary: "Get a coupon of the offer into the wallet (free, one per customer)",
        description:
          "Errors: 409 nft_already_claimed, nft_sold_out, nft_not_on_market, idempotency_key_reused; 404 for an offer that is no coupon on the market.",
        params: offerParams,
        headers: keyHeader(false),
        response: { 200: dataOf(walletItemSchema), 201: dataOf(walletItemSchema) },
      },
    },
    async (request, reply) => {
      const userId = customerOf(request);
      const claim = await claimCoupon(
        app.db,
        app.config,
        userId,
        request.params.id,
        idempotencyKey(request, false),
      );
      const item = await walletItem(app.db, app.config, userId, claim.nftId);
      return reply.status(claim.replayed ? 200 : 201).send({ data: item! });
    },
  );

  r.post(
    "/nft/market/:id/purchase",
    {
      schema: {
        tags: ["app"],
        summary: "Buy vouchers: reserves them and starts the payment (Idempotency-Key required)",
        description: [
          `The vouchers are held for ${NFT.reservationMinutes} minutes while the customer pays; they are`,
          "issued when the payment succeeds. Errors: 422 at quantity (minimum order, at most",
          `${NFT.maxPerPurchase}, not that many left); 409 nft_sold_out, nft_not_on_market,`,
          "payment_account_inactive, idempotency_key_reused.",
        ].join(" "),
        params: offerParams,
        headers: keyHeader(true),
        body: purchaseBodySchema,
        response: { 200: dataOf(purchaseAnswerSchema), 201: dataOf(purchaseAnswerSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, true)!;
      const { replayed, ...answer } = await purchaseVouchers(
        app.db,
        app.config,
        provider(),
        customerOf(request),
        request.params.id,
        request.body,
        key,
      );
      return reply.status(replayed ? 200 : 201).send({ data: answer });
    },
  );

  r.get(
    "/nft/purchases/:id",
    {
      schema: {
        tags: ["app"],
        summary: "A purchase: its state, its vouchers once paid, and the receipt's URL",
        params: offerParams,
        response: { 200: dataOf(purchaseViewSchema) },
      },
    },
    async (request) => {
      const userId = customerOf(request);
      const row = await refreshPurchase(
        app.db,
        app.config,
        provider(),
        await ownPurchase(app.db, userId, request.params.id),
      );
      return { data: await purchaseView(app.db, app.config, userId, row) };
    },
  );

  r.get(
    "/nft/purchases/:id/receipt.pdf",
    {
      schema: {
        tags: ["app"],
        summary: "The receipt of a paid purchase (PDF)",
        params: offerParams,
        produces: ["application/pdf"],
        response: { 200: fileResponse("The receipt as PDF") },
      },
    },
    async (request, reply) => {
      const row = await ownPurchase(app.db, customerOf(request), request.params.id);
      if (row.state !== "paid") throw HttpError.notFound();
      const pdf = await receiptPdf(app.db, row.id);
      return reply
        .header("content-disposition", `inline; filename="${row.receiptNumber ?? `receipt-${row.id}`}.pdf"`)
        .header("cache-control", "private, no-cache")
        .type("application/pdf")
        .send(pdf);
    },
  );

  r.post(
    "/nft/purchases/:id/sandbox",
    {
      schema: {
        tags: ["app"],
        summary: "Sandbox only: let the purchase's payment succeed or fail (404 with a real provider)",
        params: offerParams,
        body: z.object({ outcome: z.enum(["succeed", "fail"], { error: "input.invalid" }) }),
        response: { 200: dataOf(purchaseViewSchema) },
      },
    },
    async (request) => {
      const sandbox = provider();
      if (sandbox.name !== "sandbox") throw HttpError.notFound();
      const userId = customerOf(request);
      const row = await ownPurchase(app.db, userId, request.params.id);
      if (!row.providerPaymentId || row.provider !== sandbox.name) throw HttpError.notFound();
      const status = await settleSandboxPayment(app.db, row.providerPaymentId, request.body.outcome);
      if (status) await applyPaymentOutcome(app.db, app.config, sandbox, row.id, status);
      return {
        data: await purchaseView(app.db, app.config, userId, await ownPurchase(app.db, userId, row.id)),
      };
    },
  );

  r.get(
    "/nft/wallet",
    {
      schema: {
        tags: ["app"],
        summary: "The customer's coupons and vouchers, newest first",
        description: `state: held (valid now), redeemed, withdrawn or expired; ${NFT.pageSize} per page.`,
        querystring: z.object({
          state: z.enum(WALLET_STATES, { error: "input.invalid" }).optional(),
          page: wholeNumber(1, 100_000).default(1),
        }),
        response: { 200: pageOf(walletItemSchema) },
      },
    },
    async (request) => {
      const { items, total, perPage } = await listWallet(
        app.db,
        app.config,
        customerOf(request),
        request.query,
      );
      return { data: items, meta: { page: request.query.page, per_page: perPage, total } };
    },
  );

  r.get(
    "/nft/wallet/:nft_id",
    {
      schema: {
        tags: ["app"],
        summary: "One coupon or voucher of the wallet",
        params: nftParams,
        response: { 200: dataOf(walletItemSchema) },
      },
    },
    async (request) => {
      const item = await walletItem(app.db, app.config, customerOf(request), nftIdOf(request.params.nft_id));
      if (!item) throw HttpError.notFound();
      return { data: item };
    },
  );

  r.post(
    "/nft/wallet/:nft_id/redeem",
    {
      schema: {
        tags: ["app"],
        summary: "Redeem a coupon or voucher at a location; the staff confirm with their PIN",
        description: [
          "code is the location's scan code. Errors: 409 nft_already_redeemed, nft_expired, nft_withdrawn;",
          "422 nft.locationNotEligible at code; PIN answers as scans: 403 pin_wrong, 423 pin_locked, 429.",
        ].join(" "),
        params: nftParams,
        headers: keyHeader(false),
        body: redeemRequestSchema,
        response: {
          200: dataOf(
            z.object({
              redeemed_at: z.string(),
              location: z.object({ id: z.number(), name: z.string() }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { replayed: _replayed, ...result } = await redeemItem(
        app.db,
        customerOf(request),
        nftIdOf(request.params.nft_id),
        request.body,
        { key: idempotencyKey(request, false), publicUrl: app.config.publicUrl },
      );
      return { data: result };
    },
  );

  r.post(
    "/nft/wallet/:nft_id/withdraw",
    {
      schema: {
        tags: ["app"],
        summary: `Withdraw from a paid voucher within ${NFT.withdrawalDays} days: refunded in full, the voucher void`,
        description: "Errors: 409 nft_withdrawal_closed (period over, redeemed, or a coupon), nft_withdrawn.",
        params: nftParams,
        headers: keyHeader(false),
        response: {
          200: dataOf(
            z.object({
              refund: z.object({
                amount_cents: z.number(),
                state: z.enum(["pending", "succeeded", "failed"]),
              }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { refund } = await withdrawItem(
        app.db,
        provider(),
        customerOf(request),
        nftIdOf(request.params.nft_id),
        idempotencyKey(request, false),
      );
      return { data: { refund } };
    },
  );
};
