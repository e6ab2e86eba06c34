import { couponCreateSchema, type NftOfferInput, voucherCreateSchema } from "@stempla/domain";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Config } from "../../config.ts";
import { createOffer } from "../../modules/nft/offers.ts";
import { type ProcessedNftPhoto, processNftPhoto } from "../../modules/nft/photos.ts";
import { applyPaymentOutcome, claimCoupon, purchaseVouchers } from "../../modules/nft/purchase.ts";
import { redeemItem } from "../../modules/nft/redeem.ts";
import { applyTeamAction } from "../../modules/nft/review.ts";
import { withdrawItem } from "../../modules/nft/withdraw.ts";
import { activateSandboxAccount } from "../../modules/payments/sandbox.ts";
import {
  configurePayments,
  payoutAccountStatus,
  settleSandboxPayment,
} from "../../modules/payments/service.ts";
import { type Database, rowsOf } from "../client.ts";
import { categories, locations, nftOffers, users } from "../schema/index.ts";

// The demo café's coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md): a free coupon
// campaign and a paid voucher campaign on the market, made as the product makes them: the payout
// account activated through the sandbox's onboarding, both offers created through the partner's
// service with a photo drawn here and checked as an upload, approved by the team, then coupons
// claimed, vouchers bought and paid in the sandbox, some of each redeemed with the location's staff
// PIN and one voucher withdrawn, all through the customers' services. So the partner's lists, the
// monitor, the running month's statement and the customers' wallets show the market as it works.
// The services stamp their own time, so the demo's market activity carries the time of the seed.

/** How many of the demo café's customers take part (the first of its customers by id). */
export const DEMO_NFT = {
  couponClaims: 12,
  couponRedemptions: 5,
  /** Quantities of the voucher purchases, one purchase per customer. */
  voucherPurchases: [1, 2, 1, 1, 3, 1],
  voucherRedemptions: 2,
  /** One voucher withdrawn within the 14 days (refunded, void). */
  voucherWithdrawals: 1,
} as const;

const W = 960;
const H = 540;

/** A cappuccino with a heart in its foam on a warm yellow table. */
function cappuccinoPicture(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.9"><stop offset="0" stop-color="#ffe8a3"/><stop offset="1" stop-color="#f4a93b"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<ellipse cx="480" cy="400" rx="300" ry="70" fill="#ffffff"/>
<ellipse cx="480" cy="392" rx="270" ry="56" fill="#f3ede4"/>
<path d="M300 250 h360 v40 a180 150 0 0 1 -360 0 z" fill="#ffffff"/>
<path d="M660 270 a70 62 0 0 1 0 124" stroke="#ffffff" stroke-width="28" fill="none"/>
<ellipse cx="480" cy="250" rx="180" ry="42" fill="#b97a45"/>
<ellipse cx="480" cy="250" rx="150" ry="32" fill="#f6e6cf"/>
<path d="M480 272 c-40 -22 -56 -48 -30 -60 c14 -6 26 2 30 12 c4 -10 16 -18 30 -12 c26 12 10 38 -30 60z" fill="#b97a45"/>
<g stroke="#ffffff" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.8">
<path d="M430 190 q-18 -28 0 -56 q18 -28 0 -56"/><path d="M530 190 q-18 -28 0 -56 q18 -28 0 -56"/>
</g>
</svg>`;
}

/** A barista course: a portafilter, two cups and coffee beans on dark wood. */
function baristaPicture(): string {
  const beans = Array.from({ length: 14 }, (_, i) => {
    const x = 90 + ((i * 137) % 780);
    const y = 430 + ((i * 53) % 80);
    return `<ellipse cx="${x}" cy="${y}" rx="18" ry="12" fill="#5b3415" transform="rotate(${(i * 37) % 180} ${x} ${y})"/><path d="M${x - 12} ${y} q12 -6 24 0" stroke="#2e1a0b" stroke-width="3" fill="none" transform="rotate(${(i * 37) % 180} ${x} ${y})"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f6f73"/><stop offset="1" stop-color="#1f4e52"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect y="380" width="${W}" height="160" fill="#7a4a2a"/>
<rect y="380" width="${W}" height="10" fill="#9b6236"/>
<rect x="150" y="240" width="260" height="46" rx="22" fill="#c9ced4"/>
<rect x="400" y="252" width="200" height="22" rx="11" fill="#2b2b2b"/>
<ellipse cx="280" cy="240" rx="120" ry="20" fill="#8a9097"/>
<path d="M620 300 h120 v50 a60 50 0 0 1 -120 0 z" fill="#ffffff"/>
<path d="M740 312 a30 28 0 0 1 0 56" stroke="#ffffff" stroke-width="12" fill="none"/>
<ellipse cx="680" cy="300" rx="60" ry="14" fill="#6b3d1c"/>
<path d="M780 320 h90 v40 a45 40 0 0 1 -90 0 z" fill="#ffffff"/>
<ellipse cx="825" cy="320" rx="45" ry="11" fill="#6b3d1c"/>
${beans}
</svg>`;
}

async function picture(svg: string): Promise<ProcessedNftPhoto> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return processNftPhoto(png);
}

/** The coupon campaign as the partner's form sends it (multipart strings). */
const couponFields = (industryId: number, locationIds: number[]) => ({
  type: "coupon",
  industry_id: String(industryId),
  name: "Ein Cappuccino gratis",
  description:
    "Ein Cappuccino, Latte macchiato oder Tee Ihrer Wahl geht aufs Haus. Einfach in der Stempla-App holen und an der Theke vorzeigen.",
  legal_notes: "Ein Coupon pro Person und Besuch. Nicht mit anderen Aktionen kombinierbar.",
  validity_type: "days",
  validity_days: "30",
  quantity: "500",
  location_ids: locationIds.map(String),
});

/** The voucher campaign: a barista course for two, a service at 19 % (a single-purpose voucher). */
const voucherFields = (industryId: number, locationIds: number[]) => ({
  type: "voucher",
  industry_id: String(industryId),
  name: "Barista-Kurs für zwei",
  description:
    "Zwei Stunden an unserer Siebträgermaschine: Espresso, Milchschaum und Latte Art mit unserer Barista, für zwei Personen, mit Kaffee und Gebäck. Termin nach Absprache.",
  legal_notes: "Termine dienstags und donnerstags ab 17 Uhr. Bitte mindestens eine Woche vorher vereinbaren.",
  external_link: "https://www.cafe-sonnenschein.example/barista-kurs",
  validity_type: "statutory",
  unlimited: "false",
  quantity: "200",
  price_cents: "4900",
  original_price_cents: "5900",
  vat_rate: "19",
  min_order_quantity: "1",
  location_ids: locationIds.map(String),
});

/**
 * Seeds the demo partner's market once: nothing when the company has offers already. Customers
 * are the company's own (the statistics' customers); without any, only the two offers are made.
 */
export async function seedDemoNft(
  db: Database,
  companyId: number,
  adminUserId: number,
  config: Config,
): Promise<{ couponId: number; voucherId: number } | undefined> {
  const [existing] = await db
    .select({ id: nftOffers.id })
    .from(nftOffers)
    .where(eq(nftOffers.companyId, companyId))
    .limit(1);
  if (existing) return undefined;
  const [partner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id))
    .limit(1);
  const own = await db
    .select({ id: locations.id, scanCode: locations.scanCode, pin: locations.pin })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id));
  const [cafe] = await db.select({ id: categories.id }).from(categories).where(eq(categories.key, "cafe"));
  if (!partner || own.length === 0 || !cafe) return undefined;

  // The payout account, as the partner activates it on the sandbox's onboarding page.
  const provider = configurePayments(db, {
    provider: config.payments.provider,
    publicUrl: config.publicUrl,
    platform: config.provider,
  });
  const status = await payoutAccountStatus(db, companyId, "de");
  if (!status.is_active && status.redirect_to) {
    await activateSandboxAccount(db, new URL(status.redirect_to).pathname.split("/").pop()!);
    await payoutAccountStatus(db, companyId, "de");
  }

  const viewer = { userId: partner.id, companyId, type: "partner" as const, masterId: null };
  const options = { locale: "de" as const, publicUrl: config.publicUrl };
  const locationIds = own.map((l) => l.id);
  const [couponPhoto, voucherPhoto] = await Promise.all([
    picture(cappuccinoPicture()),
    picture(baristaPicture()),
  ]);
  const couponInput: NftOfferInput = couponCreateSchema.parse(couponFields(cafe.id, locationIds));
  const voucherInput: NftOfferInput = voucherCreateSchema.parse(voucherFields(cafe.id, locationIds));
  const coupon = await createOffer(db, viewer, couponInput, couponPhoto, options);
  const voucher = await createOffer(db, viewer, voucherInput, voucherPhoto, options);
  for (const offer of [coupon, voucher]) {
    await applyTeamAction(
      db,
      offer.id,
      { type: "approve", version: offer.version },
      { actorUserId: adminUserId, publicUrl: config.publicUrl },
    );
  }

  // The café's customers, the longest known first: the same ones on every fresh demo.
  const customers = rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id::int as id from cards k join app_users u on u.id = k.app_user_id
      where k.company_id = ${companyId} order by u.id
      limit ${DEMO_NFT.couponClaims + DEMO_NFT.voucherPurchases.length}`),
  );
  const [first] = own;
  const redeem = (appUserId: number, nftId: string) =>
    redeemItem(
      db,
      appUserId,
      nftId,
      { code: first!.scanCode, pin: first!.pin },
      { publicUrl: config.publicUrl },
    );

  const claimers = customers.slice(0, DEMO_NFT.couponClaims);
  for (const [i, customer] of claimers.entries()) {
    const claim = await claimCoupon(db, config, customer.id, coupon.id, `demo-claim-${customer.id}`);
    if (i < DEMO_NFT.couponRedemptions) await redeem(customer.id, claim.nftId);
  }

  const buyers = customers.slice(DEMO_NFT.couponClaims);
  const bought: { appUserId: number; nftId: string }[] = [];
  for (const [i, customer] of buyers.entries()) {
    const answer = await purchaseVouchers(
      db,
      config,
      provider,
      customer.id,
      voucher.id,
      { quantity: DEMO_NFT.voucherPurchases[i]!, payment_method: i % 2 === 0 ? "card" : "paypal" },
      `demo-purchase-${customer.id}`,
    );
    // The customer confirms the payment in the sandbox, as its confirm page does.
    const outcome = await settleSandboxPayment(db, answer.payment.payment_id!, "succeed");
    if (outcome) await applyPaymentOutcome(db, config, provider, answer.purchase.id, outcome);
    const items = rowsOf<{ nft_id: string }>(
      await db.execute(
        sql`select nft_id from nft_items where purchase_id = ${answer.purchase.id} order by id`,
      ),
    );
    bought.push(...items.map((item) => ({ appUserId: customer.id, nftId: item.nft_id })));
  }
  for (const item of bought.slice(0, DEMO_NFT.voucherRedemptions)) await redeem(item.appUserId, item.nftId);
  for (const item of bought.slice(-DEMO_NFT.voucherWithdrawals)) {
    await withdrawItem(db, provider, item.appUserId, item.nftId, `demo-withdraw-${item.nftId}`);
  }
  return { couponId: coupon.id, voucherId: voucher.id };
}
