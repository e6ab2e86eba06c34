import { randomBytes } from "node:crypto";
import { addDays, berlinDay, type MessageKey, NFT, translate } from "@stempla/domain";
import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  mailOutbox,
  nftOfferEvents,
  nftOffers,
  nftPhotoRenditions,
  nftPhotos,
  paymentAccounts,
} from "../../db/schema/index.ts";
import { mailedToken, ORIGIN, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, LOCATION, type Partner, signedInAdmin } from "../../test/review.ts";

// The partner's offer calls (docs/decisions/010-coupons-and-vouchers.md, sections 1, 3 and 7;
// section 9 item 2): every field's message at its field in German and English, another company's
// offers, industries and locations never usable (404 / 422), a master naming its franchisee's
// location, the photo's checks through HTTP as the browser sends it, the lists' pages of 15, and
// what may still change in which state. One app and database for the whole file.

type Headers = Record<string, string>;
interface Caller {
  headers: Headers;
  companyId: number;
  locationId: number;
}

let t: TestApp;
let partner: Caller;
let stranger: Caller;
let master: Caller;
let otherMaster: Caller;
let franchisee: Caller;
let industry: number;
let png: Buffer;
let jpeg: Buffer;

const today = () => berlinDay(new Date());

async function shop(headers: Headers): Promise<number> {
  const res = await t.inject({ method: "POST", url: "/api/v2/dashboard/shop", payload: LOCATION, headers });
  if (res.statusCode !== 201) throw new Error(`shop failed: ${res.body}`);
  return res.json().data.id;
}

async function caller(p: Partner): Promise<Caller> {
  return { headers: p.headers, companyId: companyIdOf(p), locationId: await shop(p.headers) };
}

/** Invites, approves, completes and confirms a franchisee of the master (decision 008, section 3). */
async function joinedFranchisee(of: Caller, team: Headers): Promise<Caller> {
  const email = `filiale-${Date.now()}@nft-test.de`;
  const invite = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/invite",
    payload: { company_name: "Filiale Hafen", contact_name: "Jonas", contact_surname: "Berger", email },
    headers: of.headers,
  });
  await t.inject({
    method: "POST",
    url: `/api/admin/invitations/${invite.json().data.id}/approve`,
    headers: team,
  });
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id));
  const token = mail!.text.match(/register\/slave\?token=([A-Za-z0-9_-]+)/)![1]!;
  const preview = await t.inject({ method: "POST", url: "/api/v2/invitations/check", payload: { token } });
  const { email: _e, type: _t, ...rest } = registration({ company_name: "Filiale Hafen" });
  const companyId = preview.json().data.slave_id as number;
  const done = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/register/complete",
    payload: { ...rest, slave_id: companyId, token, contact_name: "Jonas", contact_surname: "Berger" },
    remoteAddress: "10.77.0.1",
  });
  if (done.statusCode !== 201) throw new Error(`complete failed: ${done.body}`);
  const verify = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/verifyEmail",
    payload: { token: await mailedToken(t.db, email, "login?verify") },
  });
  const headers = { cookie: `session=${verify.json().data.token}`, origin: ORIGIN };
  return { headers, companyId, locationId: await shop(headers) };
}

/** An active payout account, as the provider's onboarding leaves it. */
async function activatePayouts(companyId: number) {
  await t.db.insert(paymentAccounts).values({
    companyId,
    provider: "sandbox",
    accountId: `acct_test_${companyId}`,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    activatedAt: new Date(),
  });
}

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  const team = await signedInAdmin(t);
  const contact = { contact_name: "Greta", contact_surname: "Gross" };
  partner = await caller(await signedInPartner(t, { company_name: "Café Gutschein" }));
  stranger = await caller(await signedInPartner(t, { company_name: "Fremdes Bistro" }));
  master = await caller(
    await signedInPartner(t, { type: "master", company_name: "Kaffeekette Nord", ...contact }),
  );
  otherMaster = await caller(
    await signedInPartner(t, { type: "master", company_name: "Backwerk Süd", ...contact }),
  );
  franchisee = await joinedFranchisee(master, team.headers);
  await activatePayouts(partner.companyId);
  await activatePayouts(stranger.companyId);
  await t.db.update(companies).set({ vatId: "DE123456789" }).where(eq(companies.id, partner.companyId));
  industry = (await t.inject({ url: "/api/v2/dashboard/nft/industries", headers: partner.headers })).json()
    .data[0].id;
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c8553d" } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2d6a4f" } })
    .jpeg()
    .toBuffer();
}, 120_000);

interface FilePart {
  bytes: Buffer;
  name?: string;
  type?: string;
}
type Fields = Record<string, string | number | boolean | (string | number)[] | undefined>;

/** A multipart request as the browser's FormData sends it; list values become repeated parts. */
function send(
  method: "POST" | "PUT",
  url: string,
  who: Caller,
  fields: Fields,
  photo: FilePart | undefined,
  locale: "de" | "en" = "de",
) {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`),
      );
    }
  }
  if (photo) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${photo.name ?? "foto.png"}"\r\nContent-Type: ${photo.type ?? "image/png"}\r\n\r\n`,
      ),
      photo.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.inject({
    method,
    url: `/api/v2${url}`,
    headers: {
      ...who.headers,
      "content-language": locale,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
}

const couponFields = (who: Caller, over: Fields = {}): Fields => ({
  industry_id: industry,
  name: "Gratis Espresso",
  description: "Ein Espresso zu jedem Frühstück.",
  validity_type: "days",
  validity_days: 30,
  quantity: 100,
  location_ids: [who.locationId],
  ...over,
});
const voucherFields = (who: Caller, over: Fields = {}): Fields => ({
  type: "voucher",
  industry_id: industry,
  name: "Brunch für zwei",
  description: "Brunch mit Kaffee und Saft für zwei Personen.",
  price_cents: 4900,
  original_price_cents: 5900,
  vat_rate: "7",
  quantity: 500,
  location_ids: [who.locationId],
  ...over,
});
const cashFields = (who: Caller, over: Fields = {}): Fields => ({
  type: "cash_voucher",
  industry_id: industry,
  name: "Gutschein über 50 €",
  description: "Für alles bei uns.",
  price_cents: 5000,
  unlimited: "true",
  location_ids: [who.locationId],
  ...over,
});

const createCoupon = (who: Caller, over: Fields = {}, photo: FilePart | undefined = { bytes: png }) =>
  send("POST", "/dashboard/nft/create/coupon", who, couponFields(who, over), photo);
const createVoucher = (who: Caller, over: Fields = {}, photo: FilePart | undefined = { bytes: png }) =>
  send("POST", "/dashboard/nft/create/absolute-coupon", who, voucherFields(who, over), photo);

function created(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** The 422's message at `field` is exactly `key` in the request's language. */
function expectField(res: LightMyRequestResponse, field: string, key: MessageKey, locale: "de" | "en") {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().code).toBe("validation_failed");
  expect(res.json().errors?.[field], `${field} in ${res.body}`).toEqual([translate(key, locale)]);
}

const get = (url: string, who: Caller) => t.inject({ url: `/api/v2${url}`, headers: who.headers });

describe("GET /dashboard/nft/industries", () => {
  it("lists the categories with their key, in the request's language", async () => {
    const de = await t.inject({
      url: "/api/v2/dashboard/nft/industries",
      headers: { ...partner.headers, "content-language": "de" },
    });
    const en = await t.inject({
      url: "/api/v2/dashboard/nft/industries",
      headers: { ...partner.headers, "content-language": "en" },
    });
    const categories = await t.inject({ url: "/api/v2/categories?limit=500" });
    expect(de.statusCode).toBe(200);
    expect(de.json().data.map((c: { id: number }) => c.id)).toEqual(
      categories.json().data.map((c: { id: number }) => c.id),
    );
    expect(de.json().data.length).toBeGreaterThan(5);
    const names = (res: LightMyRequestResponse) => res.json().data.map((c: { name: string }) => c.name);
    expect(de.json().data.map((c: { key: string }) => c.key)).toEqual(
      en.json().data.map((c: { key: string }) => c.key),
    );
    expect(names(de)).not.toEqual(names(en));
  });

  it("is for partners only", async () => {
    expect((await t.inject({ url: "/api/v2/dashboard/nft/industries" })).statusCode).toBe(401);
  });
});

describe("POST /dashboard/nft/create/coupon and /create/absolute-coupon", () => {
  it("creates a coupon in review with its photo's renditions, first event and submitted mail", async () => {
    const res = await createCoupon(partner, { legal_notes: "Nicht mit anderen Aktionen kombinierbar." });
    const id = created(res);
    const offer = res.json().data;
    expect(offer).toMatchObject({
      type: "coupon",
      state: "in_review",
      name: "Gratis Espresso",
      price_cents: 0,
      quantity: 100,
      sold_count: 0,
      remaining: 100,
      validity_type: "days",
      validity_days: 30,
      location_ids: [partner.locationId],
      locations: [{ id: partner.locationId, name: LOCATION.name, company_id: partner.companyId }],
      legal_notes: "Nicht mit anderen Aktionen kombinierbar.",
      version: 1,
      editable: true,
      purpose: null,
      off_market_reason: null,
    });
    expect(offer.photo.urls.map((u: { width: number }) => u.width)).toEqual([...NFT.photoWidths]);
    const events = await t.db.select().from(nftOfferEvents).where(eq(nftOfferEvents.offerId, id));
    expect(events).toMatchObject([{ fromState: null, toState: "in_review", actor: "partner" }]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "nft.offer.submitted"));
    expect(mails.some((m) => m.text.includes("Gratis Espresso"))).toBe(true);

    // The photo's renditions are public and cacheable forever.
    const media = await t.inject({ url: offer.photo.urls[0].url });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("image/webp");
    expect(media.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(media.rawPayload).metadata()).width).toBe(480);
    const unknown = offer.photo.urls[0].url.replace(/\/[0-9a-f]{64}\//, `/${"0".repeat(64)}/`);
    expect((await t.inject({ url: unknown })).statusCode).toBe(404);
    expect((await t.inject({ url: `/media/nft/${partner.companyId}/nothash/480.webp` })).statusCode).toBe(
      404,
    );
  });

  it("creates a voucher and a cash voucher with an active payout account", async () => {
    const voucher = await createVoucher(
      partner,
      { min_order_quantity: 2 },
      { bytes: jpeg, type: "image/jpeg" },
    );
    created(voucher);
    expect(voucher.json().data).toMatchObject({
      type: "voucher",
      price_cents: 4900,
      original_price_cents: 5900,
      vat_rate: 7,
      quantity: 500,
      min_order_quantity: 2,
      validity_type: "statutory",
    });
    // A picture narrower than a rendition width is kept at its own width, not enlarged.
    expect(voucher.json().data.photo.urls.map((u: { width: number }) => u.width)).toEqual([400]);
    const cash = await send("POST", "/dashboard/nft/create/absolute-coupon", partner, cashFields(partner), {
      bytes: png,
    });
    created(cash);
    expect(cash.json().data).toMatchObject({
      type: "cash_voucher",
      quantity: null,
      remaining: null,
      vat_rate: null,
    });
    // The same photo again is stored once.
    const photos = await t.db.select().from(nftPhotos).where(eq(nftPhotos.companyId, partner.companyId));
    expect(new Set(photos.map((p) => p.hash)).size).toBe(photos.length);
  });

  it("answers 409 payment_account_inactive with the onboarding link when the payout account is not active", async () => {
    for (const fields of [voucherFields(master), cashFields(master)]) {
      const res = await send("POST", "/dashboard/nft/create/absolute-coupon", master, fields, { bytes: png });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe("payment_account_inactive");
      expect(res.json().message).toBe(translate("nft.paymentAccount.inactive", "de"));
      expect(res.json().redirect_to).toMatch(/^http/);
    }
    // Coupons are free: no payout account needed.
    created(await createCoupon(master));
  });

  it("refuses a paid offer above the small-amount receipt limit without the company's VAT id, at price_cents", async () => {
    const price = NFT.smallReceiptMaxCents + 100;
    for (const locale of ["de", "en"] as const) {
      const res = await send(
        "POST",
        "/dashboard/nft/create/absolute-coupon",
        stranger,
        voucherFields(stranger, { price_cents: price, original_price_cents: undefined }),
        { bytes: png },
        locale,
      );
      expectField(res, "price_cents", "nft.price.vatIdRequired", locale);
      expect(res.json().errors.price_cents[0]).toMatch(locale === "de" ? /250,00\s€/ : /€250\.00/);
    }
    // At the limit it is a small-amount receipt; with a VAT id any price is fine.
    created(
      await createVoucher(stranger, {
        price_cents: NFT.smallReceiptMaxCents,
        original_price_cents: undefined,
      }),
    );
    created(await createVoucher(partner, { price_cents: price, original_price_cents: undefined }));
  });

  // Each field with a wrong value: [what, fields over the valid ones, field, message].
  const couponCases: [string, Fields, string, MessageKey][] = [
    ["no industry", { industry_id: undefined }, "industry_id", "nft.industry"],
    ["an industry that is no number", { industry_id: "Café" }, "industry_id", "nft.industry"],
    ["no name", { name: "" }, "name", "nft.name"],
    ["a name too long", { name: "x".repeat(NFT.nameMaxChars + 1) }, "name", "nft.name"],
    ["no description", { description: " " }, "description", "nft.description"],
    [
      "a description too long",
      { description: "x".repeat(NFT.descriptionMaxChars + 1) },
      "description",
      "nft.description",
    ],
    [
      "legal notes too long",
      { legal_notes: "x".repeat(NFT.legalNotesMaxChars + 1) },
      "legal_notes",
      "nft.legalNotes",
    ],
    ["a link that is not http", { external_link: "ftp://example.com" }, "external_link", "nft.externalLink"],
    ["a link that is no address", { external_link: "irgendwo" }, "external_link", "nft.externalLink"],
    ["no validity", { validity_type: undefined }, "validity_type", "nft.validity.type"],
    [
      "the statutory validity (vouchers only)",
      { validity_type: "statutory" },
      "validity_type",
      "nft.validity.type",
    ],
    ["days without a number", { validity_days: undefined }, "validity_days", "nft.validity.days"],
    ["0 days", { validity_days: 0 }, "validity_days", "nft.validity.days"],
    ["too many days", { validity_days: NFT.maxValidityDays + 1 }, "validity_days", "nft.validity.days"],
    [
      "until the campaign's end without an end day",
      { validity_type: "campaign_end" },
      "end_date",
      "nft.validity.endDateRequired",
    ],
    ["fewer than 100 coupons", { quantity: 50 }, "quantity", "nft.quantity.couponMinimum"],
    ["no quantity", { quantity: undefined }, "quantity", "nft.quantity.required"],
    ["a quantity that is no number", { quantity: "viele" }, "quantity", "nft.quantity"],
    ["too many coupons", { quantity: NFT.maxQuantity + 1 }, "quantity", "nft.quantity"],
    ["a start day that is no day", { start_date: "morgen" }, "start_date", "day.invalid"],
    ["no location", { location_ids: undefined }, "location_ids", "nft.locations"],
    ["a location that is no id", { location_ids: ["Markt"] }, "location_ids", "nft.locations"],
  ];
  const voucherCases: [string, Fields, string, MessageKey][] = [
    ["no type", { type: undefined }, "type", "nft.type"],
    ["an unknown type", { type: "coupon" }, "type", "nft.type"],
    ["no price", { price_cents: undefined, original_price_cents: undefined }, "price_cents", "nft.price"],
    ["a price under 1 €", { price_cents: 99, original_price_cents: undefined }, "price_cents", "nft.price"],
    [
      "a price over the maximum",
      { price_cents: NFT.voucherPriceMaxCents + 1, original_price_cents: undefined },
      "price_cents",
      "nft.price",
    ],
    [
      "an original price below the price",
      { original_price_cents: 4000 },
      "original_price_cents",
      "nft.originalPrice",
    ],
    ["an unknown VAT rate", { vat_rate: "16" }, "vat_rate", "nft.vatRate"],
    ["no VAT rate", { vat_rate: undefined }, "vat_rate", "nft.vatRate"],
    [
      "a validity until the campaign's end",
      { validity_type: "campaign_end", end_date: addDays(berlinDay(new Date()), 30) },
      "validity_type",
      "nft.validity.voucherMinimum",
    ],
    [
      "fewer days than the statutory minimum",
      { validity_type: "days", validity_days: NFT.voucherMinValidityDays - 1 },
      "validity_days",
      "nft.validity.voucherMinimum",
    ],
    ["limited without a quantity", { quantity: undefined }, "quantity", "nft.quantity.required"],
    ["a yes/no that is neither", { unlimited: "vielleicht" }, "unlimited", "nft.unlimited"],
    [
      "a minimum order over 100",
      { min_order_quantity: NFT.maxPerPurchase + 1 },
      "min_order_quantity",
      "nft.minOrder",
    ],
    [
      "a minimum order above the quantity",
      { quantity: 3, min_order_quantity: 5 },
      "min_order_quantity",
      "nft.minOrder.aboveQuantity",
    ],
  ];
  const cashCases: [string, Fields, string, MessageKey][] = [
    [
      "a value under 5 €",
      { price_cents: NFT.cashVoucherMinCents - 1 },
      "price_cents",
      "nft.cashVoucher.value",
    ],
    [
      "a value over 500 €",
      { price_cents: NFT.cashVoucherMaxCents + 1 },
      "price_cents",
      "nft.cashVoucher.value",
    ],
  ];

  it("answers every wrong coupon field with its message at the field, in German and English", async () => {
    for (const locale of ["de", "en"] as const) {
      for (const [what, over, field, key] of couponCases) {
        const res = await send(
          "POST",
          "/dashboard/nft/create/coupon",
          partner,
          couponFields(partner, over),
          undefined,
          locale,
        );
        expectField(res, field, key, locale);
        // Without a photo the photo's message stands beside it: one answer names every field at fault.
        expect(res.json().errors.photo, what).toEqual([translate("nft.photo.required", locale)]);
      }
    }
  });

  it("answers every wrong voucher and cash voucher field with its message at the field, in German and English", async () => {
    for (const locale of ["de", "en"] as const) {
      for (const [what, over, field, key] of voucherCases) {
        const res = await send(
          "POST",
          "/dashboard/nft/create/absolute-coupon",
          partner,
          voucherFields(partner, over),
          undefined,
          locale,
        );
        expect(res.statusCode, what).toBe(422);
        expectField(res, field, key, locale);
      }
      for (const [what, over, field, key] of cashCases) {
        const res = await send(
          "POST",
          "/dashboard/nft/create/absolute-coupon",
          partner,
          cashFields(partner, over),
          undefined,
          locale,
        );
        expect(res.statusCode, what).toBe(422);
        expectField(res, field, key, locale);
      }
    }
  });

  it("checks the days against today in Berlin and the end against the start", async () => {
    const day = today();
    const cases: [Fields, string, MessageKey][] = [
      [{ start_date: addDays(day, -1) }, "start_date", "nft.startDate.past"],
      [{ end_date: addDays(day, -1) }, "end_date", "nft.endDate.past"],
      [{ start_date: addDays(day, 5), end_date: addDays(day, 4) }, "end_date", "nft.endDate.beforeStart"],
    ];
    for (const locale of ["de", "en"] as const) {
      for (const [over, field, key] of cases) {
        const res = await send(
          "POST",
          "/dashboard/nft/create/coupon",
          partner,
          couponFields(partner, over),
          { bytes: png },
          locale,
        );
        expectField(res, field, key, locale);
      }
    }
    // A one-day campaign from today, valid until its end, is fine.
    created(await createCoupon(partner, { start_date: day, end_date: day, validity_type: "campaign_end" }));
  });

  it("refuses an industry that does not exist at industry_id", async () => {
    for (const locale of ["de", "en"] as const) {
      const res = await send(
        "POST",
        "/dashboard/nft/create/coupon",
        partner,
        couponFields(partner, { industry_id: 999_999 }),
        { bytes: png },
        locale,
      );
      expectField(res, "industry_id", "nft.industry", locale);
    }
  });

  it("refuses another company's and a missing location alike at location_ids", async () => {
    for (const ids of [
      [stranger.locationId],
      [partner.locationId, stranger.locationId],
      [999_999_999],
      [master.locationId],
    ]) {
      for (const locale of ["de", "en"] as const) {
        const res = await send(
          "POST",
          "/dashboard/nft/create/coupon",
          partner,
          couponFields(partner, { location_ids: ids }),
          { bytes: png },
          locale,
        );
        expectField(res, "location_ids", "nft.locations", locale);
      }
    }
  });

  it("answers more locations than allowed as repeated parts at location_ids, not as a broken form", async () => {
    const ids = Array.from({ length: NFT.maxLocations + 50 }, (_, i) => i + 1);
    for (const locale of ["de", "en"] as const) {
      const res = await send(
        "POST",
        "/dashboard/nft/create/coupon",
        partner,
        couponFields(partner, { location_ids: ids }),
        { bytes: png },
        locale,
      );
      expectField(res, "location_ids", "nft.locations.max", locale);
    }
  });

  it("lets a master name its franchisee's locations, never another master's or its franchisees'", async () => {
    const res = await createCoupon(master, { location_ids: [master.locationId, franchisee.locationId] });
    created(res);
    expect(res.json().data.locations).toEqual([
      {
        id: master.locationId,
        name: LOCATION.name,
        company_id: master.companyId,
        company_name: "Kaffeekette Nord",
      },
      {
        id: franchisee.locationId,
        name: LOCATION.name,
        company_id: franchisee.companyId,
        company_name: "Filiale Hafen",
      },
    ]);
    // Also given as one "1,2" part.
    created(
      await send(
        "POST",
        "/dashboard/nft/create/coupon",
        master,
        couponFields(master, {
          location_ids: `${franchisee.locationId},${master.locationId}`,
        }),
        { bytes: png },
      ),
    );
    const foreign = await createCoupon(master, { location_ids: [master.locationId, otherMaster.locationId] });
    expectField(foreign, "location_ids", "nft.locations", "de");
    // A franchisee may not name its master's locations.
    const up = await createCoupon(franchisee, { location_ids: [franchisee.locationId, master.locationId] });
    expectField(up, "location_ids", "nft.locations", "de");
    created(await createCoupon(franchisee));
  });
});

describe("the photo", () => {
  it("answers a photo over 20 MB with nft.photo.tooLarge at photo, not 413", async () => {
    const big = Buffer.alloc(NFT.photoBytes + 1, 0);
    png.copy(big);
    for (const locale of ["de", "en"] as const) {
      const res = await send(
        "POST",
        "/dashboard/nft/create/coupon",
        partner,
        couponFields(partner),
        { bytes: big },
        locale,
      );
      expectField(res, "photo", "nft.photo.tooLarge", locale);
      expect(res.json().errors.photo[0]).toContain("20 MB");
    }
  });

  it("reads the type from the content, not from the name or the browser's type", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
    const webp = await sharp(png).webp().toBuffer();
    for (const bytes of [gif, webp, Buffer.from("%PDF-1.7\n1 0 obj\n")]) {
      for (const locale of ["de", "en"] as const) {
        const res = await send(
          "POST",
          "/dashboard/nft/create/coupon",
          partner,
          couponFields(partner),
          { bytes, name: "foto.png", type: "image/png" },
          locale,
        );
        expectField(res, "photo", "nft.photo.format", locale);
      }
    }
    // A PNG named and typed as something else is a PNG.
    created(await createCoupon(partner, {}, { bytes: png, name: "scan.pdf", type: "application/pdf" }));
  });

  it("refuses a picture that only starts like one", async () => {
    const broken = Buffer.concat([png.subarray(0, 64), randomBytes(2000)]);
    for (const locale of ["de", "en"] as const) {
      const res = await send(
        "POST",
        "/dashboard/nft/create/coupon",
        partner,
        couponFields(partner),
        { bytes: broken },
        locale,
      );
      expectField(res, "photo", "nft.photo.unreadable", locale);
    }
  });
});

/** Offers of `who` straight in the table, in `state` (the lists' paging needs many). */
async function insertOffers(
  who: Caller,
  n: number,
  state: "in_review" | "rejected" | "scheduled" | "on_market" | "off_market",
  name = "Liste",
) {
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId: who.companyId,
    type: "coupon" as const,
    state,
    offMarketReason: state === "off_market" ? ("expired" as const) : null,
    rejectionReason: state === "rejected" ? "Bitte ein anderes Foto." : null,
    industryId: industry,
    name: `${name} ${i + 1}`,
    description: "Aus der Liste.",
    photoHash: "0".repeat(64),
    validityType: "days" as const,
    validityDays: 10,
    quantity: 100,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));
  return (await t.db.insert(nftOffers).values(rows).returning({ id: nftOffers.id })).map((r) => r.id);
}

describe("GET /dashboard/nft/{pending|onmarket|offmarket}", () => {
  let lister: Caller;
  beforeAll(async () => {
    lister = await caller(await signedInPartner(t, { company_name: "Listencafé" }));
    await insertOffers(lister, 10, "in_review");
    await insertOffers(lister, 4, "rejected");
    await insertOffers(lister, 2, "scheduled");
    await insertOffers(lister, 3, "on_market");
    await insertOffers(lister, 1, "off_market");
    await insertOffers(stranger, 2, "on_market", "Fremd");
  });

  it("pages the pending list 15 at a time, newest first", async () => {
    const first = await get("/dashboard/nft/pending", lister);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, per_page: NFT.pageSize, total: 16 });
    expect(first.json().data).toHaveLength(15);
    const second = await get("/dashboard/nft/pending?page=2&limit=15", lister);
    expect(second.json().data).toHaveLength(1);
    const all = [...first.json().data, ...second.json().data];
    const times = all.map((o: { created_at: string }) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.map((o: { state: string }) => o.state))).toEqual(
      new Set(["in_review", "rejected", "scheduled"]),
    );
    const rejected = all.find((o: { state: string }) => o.state === "rejected");
    expect(rejected.rejection_reason).toBe("Bitte ein anderes Foto.");
  });

  it("takes the page size as limit or per_page", async () => {
    const limit = await get("/dashboard/nft/pending?limit=5&page=4", lister);
    expect(limit.json().meta).toEqual({ page: 4, per_page: 5, total: 16 });
    expect(limit.json().data).toHaveLength(1);
    const perPage = await get("/dashboard/nft/pending?per_page=4", lister);
    expect(perPage.json().data).toHaveLength(4);
    expect((await get("/dashboard/nft/pending?limit=0", lister)).statusCode).toBe(422);
    expect((await get("/dashboard/nft/pending?page=abc", lister)).statusCode).toBe(422);
  });

  it("lists on-market and off-market offers in their own lists, only the caller's", async () => {
    const on = await get("/dashboard/nft/onmarket", lister);
    expect(on.json().meta.total).toBe(3);
    expect(on.json().data.every((o: { name: string }) => o.name.startsWith("Liste"))).toBe(true);
    const off = await get("/dashboard/nft/offmarket", lister);
    expect(off.json().data).toMatchObject([{ state: "off_market", off_market_reason: "expired" }]);
    expect((await get("/dashboard/nft/elsewhere", lister)).statusCode).toBe(404);
  });
});

describe("GET /dashboard/nft/offer/{id}", () => {
  it("shows the caller's offer and 404 for another company's or a missing one", async () => {
    const id = created(await createCoupon(partner));
    const own = await get(`/dashboard/nft/offer/${id}`, partner);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      id,
      description: "Ein Espresso zu jedem Frühstück.",
      industry_id: industry,
    });
    for (const who of [stranger, master, franchisee]) {
      const res = await get(`/dashboard/nft/offer/${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("not_found");
    }
    expect((await get("/dashboard/nft/offer/999999999", partner)).statusCode).toBe(404);
  });

  it("does not show a master the franchisee's offers, nor the franchisee the master's", async () => {
    const own = created(await createCoupon(franchisee));
    expect((await get(`/dashboard/nft/offer/${own}`, master)).statusCode).toBe(404);
    const masters = created(await createCoupon(master));
    expect((await get(`/dashboard/nft/offer/${masters}`, franchisee)).statusCode).toBe(404);
  });
});

describe("PUT /dashboard/nft/update/{coupon|absolute-coupon}/{id}", () => {
  const update = (
    path: "coupon" | "absolute-coupon",
    id: number,
    who: Caller,
    fields: Fields,
    photo?: FilePart,
    locale: "de" | "en" = "de",
  ) => send("PUT", `/dashboard/nft/update/${path}/${id}`, who, fields, photo, locale);

  it("changes the fields, keeps the photo when none came, and puts the offer back in review with a new version", async () => {
    const id = created(await createCoupon(partner));
    const before = (await get(`/dashboard/nft/offer/${id}`, partner)).json().data;
    const res = await update(
      "coupon",
      id,
      partner,
      couponFields(partner, { name: "Zwei Espresso", quantity: 200 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Zwei Espresso",
      quantity: 200,
      version: 2,
      state: "in_review",
    });
    expect(res.json().data.photo.hash).toBe(before.photo.hash);
    const events = await t.db.select().from(nftOfferEvents).where(eq(nftOfferEvents.offerId, id));
    expect(events.map((e) => e.reason)).toEqual(["created", "edit"]);
    // As JSON, without a photo, the same.
    const json = await t.inject({
      method: "PUT",
      url: `/api/v2/dashboard/nft/update/coupon/${id}`,
      headers: partner.headers,
      payload: { ...couponFields(partner), name: "Drei Espresso" },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data).toMatchObject({ name: "Drei Espresso", version: 3 });
  });

  it("replaces the photo and deletes the old one when no other offer shows it", async () => {
    const other = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#ffb703" } })
      .png()
      .toBuffer();
    const id = created(await createCoupon(partner, {}, { bytes: other }));
    const oldHash = (await get(`/dashboard/nft/offer/${id}`, partner)).json().data.photo.hash;
    const fresh = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#023047" } })
      .png()
      .toBuffer();
    const res = await update("coupon", id, partner, couponFields(partner), { bytes: fresh });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.photo.hash).not.toBe(oldHash);
    const left = await t.db
      .select()
      .from(nftPhotoRenditions)
      .where(and(eq(nftPhotoRenditions.companyId, partner.companyId), eq(nftPhotoRenditions.hash, oldHash)));
    expect(left).toEqual([]);
  });

  it("answers the same field messages as create, in German and English", async () => {
    const coupon = created(await createCoupon(partner));
    const voucher = created(await createVoucher(partner));
    for (const locale of ["de", "en"] as const) {
      expectField(
        await update("coupon", coupon, partner, couponFields(partner, { quantity: 99 }), undefined, locale),
        "quantity",
        "nft.quantity.couponMinimum",
        locale,
      );
      expectField(
        await update(
          "absolute-coupon",
          voucher,
          partner,
          voucherFields(partner, { vat_rate: "5" }),
          undefined,
          locale,
        ),
        "vat_rate",
        "nft.vatRate",
        locale,
      );
      expectField(
        await update(
          "coupon",
          coupon,
          partner,
          couponFields(partner, { location_ids: [stranger.locationId] }),
          undefined,
          locale,
        ),
        "location_ids",
        "nft.locations",
        locale,
      );
      expectField(
        await update(
          "coupon",
          coupon,
          partner,
          couponFields(partner),
          { bytes: Buffer.from("kein Bild") },
          locale,
        ),
        "photo",
        "nft.photo.format",
        locale,
      );
    }
  });

  it("answers 404 for another company's offer, a missing one and the wrong path for the type", async () => {
    const coupon = created(await createCoupon(partner));
    const voucher = created(await createVoucher(partner));
    expect((await update("coupon", coupon, stranger, couponFields(stranger))).statusCode).toBe(404);
    expect((await update("absolute-coupon", voucher, stranger, voucherFields(stranger))).statusCode).toBe(
      404,
    );
    expect((await update("coupon", 999_999_999, partner, couponFields(partner))).statusCode).toBe(404);
    expect((await update("absolute-coupon", coupon, partner, voucherFields(partner))).statusCode).toBe(404);
    expect((await update("coupon", voucher, partner, couponFields(partner))).statusCode).toBe(404);
  });

  it("answers 409 nft_not_editable on and off the market, and takes a rejected or scheduled offer back to review", async () => {
    const [onMarket] = await insertOffers(partner, 1, "on_market");
    const [offMarket] = await insertOffers(partner, 1, "off_market");
    for (const locale of ["de", "en"] as const) {
      const on = await update("coupon", onMarket!, partner, couponFields(partner), undefined, locale);
      expect(on.statusCode).toBe(409);
      expect(on.json()).toMatchObject({
        code: "nft_not_editable",
        message: translate("nft.notEditable", locale),
      });
      const off = await update("coupon", offMarket!, partner, couponFields(partner), undefined, locale);
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({
        code: "nft_not_editable",
        message: translate("nft.notEditable.offMarket", locale),
      });
    }
    const [rejected] = await insertOffers(partner, 1, "rejected");
    const [scheduled] = await insertOffers(partner, 1, "scheduled");
    for (const id of [rejected!, scheduled!]) {
      const res = await update("coupon", id, partner, couponFields(partner));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ state: "in_review", rejection_reason: null, version: 2 });
    }
  });
});

describe("PUT /dashboard/nft/update/coupon/{id}/status/off-market", () => {
  const revoke = (id: number, who: Caller, locale: "de" | "en" = "de") =>
    t.inject({
      method: "PUT",
      url: `/api/v2/dashboard/nft/update/coupon/${id}/status/off-market`,
      headers: { ...who.headers, "content-language": locale },
    });

  it("revokes an offer of any type in any state but off market, records it and mails the partner", async () => {
    const voucher = created(await createVoucher(partner));
    const [onMarket] = await insertOffers(partner, 1, "on_market", "Widerruf");
    for (const id of [voucher, onMarket!]) {
      const res = await revoke(id, partner);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        state: "off_market",
        off_market_reason: "revoked",
        editable: false,
      });
      expect(res.json().data.off_market_at).not.toBeNull();
      const [event] = await t.db
        .select()
        .from(nftOfferEvents)
        .where(eq(nftOfferEvents.offerId, id))
        .orderBy(desc(nftOfferEvents.id));
      expect(event).toMatchObject({ toState: "off_market", reason: "revoked", actor: "partner" });
    }
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "nft.offer.revoked"))).length,
    ).toBeGreaterThan(0);
  });

  it("answers 409 when the offer is off the market already, 404 for another company's", async () => {
    const id = created(await createCoupon(partner));
    expect((await revoke(id, stranger)).statusCode).toBe(404);
    expect((await revoke(id, master)).statusCode).toBe(404);
    expect((await revoke(999_999_999, partner)).statusCode).toBe(404);
    expect((await revoke(id, partner)).statusCode).toBe(200);
    for (const locale of ["de", "en"] as const) {
      const again = await revoke(id, partner, locale);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(translate("nft.alreadyOffMarket", locale));
    }
  });
});
