import { randomBytes } from "node:crypto";
import { addDays, berlinDay, NFT, type NftConsoleOfferRow, REVIEW, translate } from "@stempla/domain";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, mailOutbox, nftOfferEvents, nftOffers } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, LOCATION, type Partner, signedInAdmin } from "../../test/review.ts";

// The provider team's console for coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md,
// section 7 "Console"): the queue with overdue entries, the list by state and company, one offer
// with what the app shows, approve / reject / revoke with their 409s and messages, team members
// only, unknown ids 404, and two team members approving at once. One app and database for the file.

type Headers = Record<string, string>;
interface Caller {
  headers: Headers;
  email: string;
  name: string;
  companyId: number;
  locationId: number;
}

let t: TestApp;
let team: Awaited<ReturnType<typeof signedInAdmin>>;
let colleague: Awaited<ReturnType<typeof signedInAdmin>>;
let cafe: Caller;
let bakery: Caller;
let industry: number;
let png: Buffer;

async function caller(p: Partner, name: string): Promise<Caller> {
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    payload: LOCATION,
    headers: p.headers,
  });
  if (res.statusCode !== 201) throw new Error(`shop failed: ${res.body}`);
  return {
    headers: p.headers,
    email: p.email,
    name,
    companyId: companyIdOf(p),
    locationId: res.json().data.id,
  };
}

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  [team, colleague] = [await signedInAdmin(t), await signedInAdmin(t)];
  cafe = await caller(await signedInPartner(t, { company_name: "Café Prüfstand" }), "Café Prüfstand");
  bakery = await caller(await signedInPartner(t, { company_name: "Bäckerei Korn" }), "Bäckerei Korn");
  industry = (await t.inject({ url: "/api/v2/dashboard/nft/industries", headers: cafe.headers })).json()
    .data[0].id;
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2d6a4f" } })
    .png()
    .toBuffer();
}, 120_000);

type Fields = Record<string, string | number | undefined>;
const couponFields = (over: Fields = {}): Fields => ({
  industry_id: industry,
  name: "Gratis Croissant",
  description: "Ein Croissant zum Kaffee.",
  validity_type: "days",
  validity_days: 30,
  quantity: 250,
  ...over,
});

/** A coupon created through the partner's multipart call (decision 010, section 7). */
async function coupon(who: Caller, over: Fields = {}): Promise<number> {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries({ ...couponFields(over), location_ids: who.locationId })) {
    if (value === undefined) continue;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/nft/create/coupon",
    headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data.id;
}

const edit = (who: Caller, id: number, over: Fields = {}) =>
  t.inject({
    method: "PUT",
    url: `/api/v2/dashboard/nft/update/coupon/${id}`,
    headers: who.headers,
    payload: { ...couponFields(over), location_ids: [who.locationId] },
  });

const console_ = (url: string, headers: Headers = team.headers, locale: "de" | "en" = "de") =>
  t.inject({ url: `/api/admin${url}`, headers: { ...headers, "content-language": locale } });
const post = (
  id: number,
  action: "approve" | "reject" | "revoke",
  payload: object,
  headers: Headers = team.headers,
  locale: "de" | "en" = "de",
) =>
  t.inject({
    method: "POST",
    url: `/api/admin/nft/offers/${id}/${action}`,
    headers: { ...headers, "content-language": locale },
    payload,
  });
const versionOf = async (id: number) =>
  (await t.db.select({ v: nftOffers.version }).from(nftOffers).where(eq(nftOffers.id, id)))[0]!.v;
const approve = async (id: number, headers: Headers = team.headers) =>
  post(id, "approve", { version: await versionOf(id) }, headers);

function expectError(res: LightMyRequestResponse, status: number, code: string, key: string, locale = "de") {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, message: translate(key, locale as "de") });
}
function expectField(res: LightMyRequestResponse, field: string, key: string, locale: "de" | "en") {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors?.[field]).toEqual([translate(key, locale)]);
}

/** Moves the offer's submission back, as if it had waited that long. */
const submittedAgo = (id: number, ms: number) =>
  t.db
    .update(nftOffers)
    .set({ submittedAt: new Date(Date.now() - ms) })
    .where(eq(nftOffers.id, id));

const DAY = 24 * 60 * 60 * 1000;

describe("who may call the console", () => {
  it("answers strangers 401 and partners 403 on every nft console route", async () => {
    const id = await coupon(cafe, { name: "Nur für das Team" });
    const routes: [method: "GET" | "POST", url: string, payload?: object][] = [
      ["GET", "/api/admin/nft/reviews"],
      ["GET", "/api/admin/nft/offers"],
      ["GET", `/api/admin/nft/offers/${id}`],
      ["POST", `/api/admin/nft/offers/${id}/approve`, { version: 1 }],
      ["POST", `/api/admin/nft/offers/${id}/reject`, { reason: "Bitte ändern." }],
      ["POST", `/api/admin/nft/offers/${id}/revoke`, { reason: "Bitte ändern." }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await t.inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t.inject({ method, url, payload, headers: cafe.headers })).statusCode, url).toBe(403);
    }
    // The partner's own offer was not touched by its attempts.
    const [row] = await t.db.select().from(nftOffers).where(eq(nftOffers.id, id));
    expect(row).toMatchObject({ state: "in_review", version: 1 });
  });

  it("answers 404 for an unknown offer id on every call", async () => {
    const unknown = 987_654_321;
    expect((await console_(`/nft/offers/${unknown}`)).statusCode).toBe(404);
    expect((await post(unknown, "approve", { version: 1 })).statusCode).toBe(404);
    expect((await post(unknown, "reject", { reason: "Bitte ändern." })).statusCode).toBe(404);
    expect((await post(unknown, "revoke", { reason: "Bitte ändern." })).statusCode).toBe(404);
    expect((await console_("/nft/offers/abc")).statusCode).toBe(422);
  });
});

describe("GET /api/admin/nft/reviews", () => {
  it("lists offers in review only, the longest waiting first, marking those over REVIEW.changeReviewDays", async () => {
    const waitingLong = await coupon(bakery, { name: "Wartet lange" });
    const waitingShort = await coupon(cafe, { name: "Wartet kurz" });
    const approved = await coupon(cafe, { name: "Schon geprüft" });
    expect((await approve(approved)).statusCode).toBe(200);
    await submittedAgo(waitingLong, REVIEW.changeReviewDays * DAY + 60_000);
    await submittedAgo(waitingShort, REVIEW.changeReviewDays * DAY - 60 * 60_000);

    const res = await console_("/nft/reviews?per_page=100");
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as NftConsoleOfferRow[];
    expect(rows.every((r) => r.state === "in_review")).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(approved);
    const submitted = rows.map((r) => r.submitted_at);
    expect(submitted).toEqual([...submitted].sort());
    expect(rows[0]).toMatchObject({
      id: waitingLong,
      overdue: true,
      company: { id: bakery.companyId, name: bakery.name },
      version: 1,
      type: "coupon",
      name: "Wartet lange",
    });
    expect(rows.find((r) => r.id === waitingShort)?.overdue).toBe(false);
    expect(res.json().meta).toEqual({ page: 1, per_page: 100, total: rows.length });

    // Fifteen per page unless asked otherwise, and the next page continues the order.
    const first = await console_("/nft/reviews?per_page=1");
    const second = await console_("/nft/reviews?per_page=1&page=2");
    expect(first.json().data.map((r: NftConsoleOfferRow) => r.id)).toEqual([rows[0]!.id]);
    expect(second.json().data.map((r: NftConsoleOfferRow) => r.id)).toEqual([rows[1]!.id]);
    expect((await console_("/nft/reviews")).json().meta.per_page).toBe(NFT.pageSize);
    // An edit puts the offer at the end of the queue: the new version waits from now.
    expect((await edit(bakery, waitingLong, { name: "Wartet lange" })).statusCode).toBe(200);
    const after = (await console_("/nft/reviews?per_page=100")).json().data as NftConsoleOfferRow[];
    expect(after.at(-1)).toMatchObject({ id: waitingLong, overdue: false, version: 2 });
  });
});

describe("GET /api/admin/nft/offers", () => {
  it("lists every offer newest first, narrowed by state and company", async () => {
    const onMarket = await coupon(bakery, { name: "Brötchen gratis" });
    expect((await approve(onMarket)).statusCode).toBe(200);
    const all = (await console_("/nft/offers?per_page=100")).json().data as NftConsoleOfferRow[];
    const created = all.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all[0]!.id).toBe(onMarket);

    const bakeryOnMarket = await console_(`/nft/offers?state=on_market&company=${bakery.companyId}`);
    expect(bakeryOnMarket.statusCode).toBe(200);
    const rows = bakeryOnMarket.json().data as NftConsoleOfferRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === "on_market" && r.company.id === bakery.companyId)).toBe(true);
    expect(rows.map((r) => r.id)).toContain(onMarket);
    expect(bakeryOnMarket.json().meta.total).toBe(rows.length);

    const none = await console_(`/nft/offers?company=${bakery.companyId}&state=rejected`);
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await console_("/nft/offers?state=sold")).statusCode).toBe(422);
  });
});

describe("GET /api/admin/nft/offers/{id}", () => {
  it("answers the offer, its company, the preview's photo renditions, locations and history", async () => {
    const start = addDays(berlinDay(new Date()), 10);
    const fields = {
      name: "Vorschau",
      legal_notes: "Nicht mit anderen Aktionen kombinierbar.",
      start_date: start,
    };
    const id = await coupon(cafe, fields);
    expect((await post(id, "reject", { reason: "Bitte ein helleres Foto." })).statusCode).toBe(200);
    expect((await edit(cafe, id, fields)).statusCode).toBe(200);

    const [de, en] = [
      await console_(`/nft/offers/${id}`),
      await console_(`/nft/offers/${id}`, team.headers, "en"),
    ];
    expect(de.statusCode).toBe(200);
    const data = de.json().data;
    expect(data.offer).toMatchObject({
      id,
      type: "coupon",
      state: "in_review",
      name: "Vorschau",
      description: "Ein Croissant zum Kaffee.",
      legal_notes: "Nicht mit anderen Aktionen kombinierbar.",
      quantity: 250,
      remaining: 250,
      start_date: start,
      version: 2,
      editable: true,
      overdue: false,
      location_ids: [cafe.locationId],
    });
    expect(data.company).toMatchObject({
      id: cafe.companyId,
      name: cafe.name,
      status: "gray",
      email: cafe.email,
      logo_url: null,
    });
    const [category] = await t.db.select().from(categories).where(eq(categories.id, industry));
    expect(data.industry).toEqual({ id: industry, name: category!.nameDe });
    expect(en.json().data.industry).toEqual({ id: industry, name: category!.nameEn });
    expect(data.locations).toEqual([
      {
        id: cafe.locationId,
        name: LOCATION.name,
        address: expect.stringContaining(LOCATION.city),
        country: "DE",
        company_id: cafe.companyId,
        company_name: cafe.name,
      },
    ]);
    // The app's card loads these: /media/nft/{company}/{hash}/{width}.webp, served publicly.
    const photo = data.offer.photo;
    expect(photo).toMatchObject({ width: 1200, height: 800 });
    expect(photo.urls.map((u: { width: number }) => u.width)).toEqual([...NFT.photoWidths]);
    for (const { width, url } of photo.urls) {
      expect(url).toBe(`/media/nft/${cafe.companyId}/${photo.hash}/${width}.webp`);
      expect((await t.inject({ url })).statusCode).toBe(200);
    }
    // The history, newest first, with who acted.
    expect(data.events.map((e: { reason: string }) => e.reason)).toEqual(["edit", "rejected", "created"]);
    expect(data.events[1]).toMatchObject({
      from_state: "in_review",
      to_state: "rejected",
      note: "Bitte ein helleres Foto.",
      actor: "team",
      actor_email: team.email,
    });
    expect(data.events[2]).toMatchObject({ from_state: null, actor: "partner", actor_email: cafe.email });
  });
});

describe("POST /api/admin/nft/offers/{id}/approve", () => {
  it("refuses the version before the partner's edit (409 conflict), then approves the new one", async () => {
    const id = await coupon(cafe, { name: "Geänderte Fassung" });
    expect((await edit(cafe, id, { name: "Geänderte Fassung", quantity: 300 })).statusCode).toBe(200);
    const stale = await post(id, "approve", { version: 1 });
    expectError(stale, 409, "conflict", "nft.versionChanged");
    const staleEn = await post(id, "approve", { version: 1 }, team.headers, "en");
    expectError(staleEn, 409, "conflict", "nft.versionChanged", "en");
    const [row] = await t.db.select().from(nftOffers).where(eq(nftOffers.id, id));
    expect(row).toMatchObject({ state: "in_review", approvedAt: null });

    const ok = await post(id, "approve", { version: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.offer).toMatchObject({ state: "on_market", quantity: 300, purpose: "none" });
    expect(ok.json().data.events[0]).toMatchObject({ to_state: "on_market", actor_email: team.email });

    // Not in review any more: approving or rejecting again is 409 nft_not_in_review.
    expectError(await post(id, "approve", { version: 2 }), 409, "nft_not_in_review", "nft.notInReview");
    expectError(
      await post(id, "reject", { reason: "Doch nicht." }, team.headers, "en"),
      409,
      "nft_not_in_review",
      "nft.notInReview",
      "en",
    );
  });

  it("checks the body: a whole version number", async () => {
    const id = await coupon(cafe, { name: "Ohne Fassung" });
    expect((await post(id, "approve", {})).statusCode).toBe(422);
    expect((await post(id, "approve", { version: "zwei" })).statusCode).toBe(422);
  });

  it("lets exactly one of two team members approving at once win; the other gets 409", async () => {
    const id = await coupon(bakery, { name: "Gleichzeitig" });
    const answers = await Promise.all([approve(id, team.headers), approve(id, colleague.headers)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe("nft_not_in_review");
    const approvals = await t.db
      .select()
      .from(nftOfferEvents)
      .where(and(eq(nftOfferEvents.offerId, id), eq(nftOfferEvents.reason, "approved")));
    expect(approvals).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, bakery.email), eq(mailOutbox.template, "nft.offer.on_market")));
    expect(mails.filter((m) => m.text.includes("Gleichzeitig"))).toHaveLength(1);
  });

  it("an approval racing the partner's edit: either the edit is refused or the approval is", async () => {
    const id = await coupon(bakery, { name: "Wettlauf" });
    const [approval, change] = await Promise.all([
      post(id, "approve", { version: 1 }),
      edit(bakery, id, { name: "Wettlauf", quantity: 400 }),
    ]);
    const [row] = await t.db.select().from(nftOffers).where(eq(nftOffers.id, id));
    if (approval.statusCode === 200) {
      expect(change.statusCode).toBe(409);
      expect(row).toMatchObject({ state: "on_market", quantity: 250, version: 1 });
    } else {
      expectError(approval, 409, "conflict", "nft.versionChanged");
      expect(change.statusCode).toBe(200);
      expect(row).toMatchObject({ state: "in_review", quantity: 400, version: 2 });
    }
  });
});

describe("POST /api/admin/nft/offers/{id}/reject", () => {
  it("needs a reason of at least 5 characters, message at the field in the request's language", async () => {
    const id = await coupon(cafe, { name: "Ohne Grund" });
    for (const locale of ["de", "en"] as const) {
      expectField(
        await post(id, "reject", {}, team.headers, locale),
        "reason",
        "nft.rejectReason.required",
        locale,
      );
      expectField(
        await post(id, "reject", { reason: "  kurz " }, team.headers, locale),
        "reason",
        "nft.rejectReason.required",
        locale,
      );
    }
    expectField(
      await post(id, "reject", { reason: "Bitte\u0007 ändern" }, team.headers, "de"),
      "reason",
      "text.controlCharacters",
      "de",
    );
    expectField(
      await post(id, "reject", { reason: "x".repeat(1001) }, team.headers, "en"),
      "reason",
      "text.max",
      "en",
    );
    const [row] = await t.db.select().from(nftOffers).where(eq(nftOffers.id, id));
    expect(row?.state).toBe("in_review");

    const ok = await post(id, "reject", { reason: "Bitte die Bedingungen\nnennen." });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.offer).toMatchObject({
      state: "rejected",
      rejection_reason: "Bitte die Bedingungen\nnennen.",
    });
  });
});

describe("POST /api/admin/nft/offers/{id}/revoke", () => {
  it("takes an offer off the market with the team's reason; a second revoke is 409", async () => {
    const id = await coupon(cafe, { name: "Vom Team beendet" });
    expect((await approve(id)).statusCode).toBe(200);
    expectField(
      await post(id, "revoke", { reason: "kurz" }, team.headers, "en"),
      "reason",
      "nft.revokeReason.required",
      "en",
    );
    const ok = await post(id, "revoke", { reason: "Irreführende Preisangabe." });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.offer).toMatchObject({ state: "off_market", off_market_reason: "revoked" });
    expect(ok.json().data.events[0]).toMatchObject({
      from_state: "on_market",
      to_state: "off_market",
      reason: "revoked",
      note: "Irreführende Preisangabe.",
      actor: "team",
    });
    expectError(
      await post(id, "revoke", { reason: "Noch einmal." }),
      409,
      "conflict",
      "nft.alreadyOffMarket",
    );
    // The partner sees it in the off-market list with the reason.
    const list = await t.inject({ url: "/api/v2/dashboard/nft/offmarket", headers: cafe.headers });
    expect(list.json().data.find((o: { id: number }) => o.id === id)).toMatchObject({
      off_market_reason: "revoked",
    });
  });

  it("also withdraws an offer still in review", async () => {
    const id = await coupon(bakery, { name: "Vor der Prüfung beendet" });
    const ok = await post(id, "revoke", { reason: "Doppelt eingereicht." });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.offer.state).toBe("off_market");
    const queue = (await console_("/nft/reviews?per_page=100")).json().data as NftConsoleOfferRow[];
    expect(queue.map((r) => r.id)).not.toContain(id);
  });
});
