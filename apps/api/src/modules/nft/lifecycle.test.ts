import { randomBytes } from "node:crypto";
import {
  addDays,
  berlinDay,
  berlinMidnight,
  NftTransitionError,
  type NftType,
  nftIdFromBytes,
  REVIEW,
} from "@stempla/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  mailOutbox,
  nftItems,
  nftOfferEvents,
  nftOffers,
  nftPurchases,
  nftTransfers,
  paymentAccounts,
  users,
} from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, LOCATION, type Partner, signedInAdmin } from "../../test/review.ts";
import { appCustomer } from "../../test/scans.ts";
import { longDayText } from "../mail/service.ts";
import { transitionOffer } from "./lifecycle.ts";
import { NFT_LIFECYCLE_HOOKS, runNftLifecycleJob, runOfferLifecycle } from "./lifecycle-job.ts";

// The offers' lifecycle (docs/decisions/010-coupons-and-vouchers.md, section 3; section 9 item 3):
// every row of the table through the partner's and the team's API and the nft-lifecycle job,
// with the events written and the partner's mails queued (content and language); expiry from
// every state; off the market is final. One app and database for the file. The job runs at
// chosen instants: only offers of its own tests carry dates in its range, and every check names
// its own offers.

type Headers = Record<string, string>;
interface Caller {
  headers: Headers;
  email: string;
  companyId: number;
  locationId: number;
  userId: number;
}

let t: TestApp;
let team: Awaited<ReturnType<typeof signedInAdmin>>;
let cafe: Caller;
let english: Caller;
let industry: number;
let png: Buffer;

const today = () => berlinDay(new Date());
/** 10:00 in Berlin on `day`. */
const at = (day: string) => new Date(berlinMidnight(day).getTime() + 10 * 60 * 60 * 1000);

async function caller(p: Partner): Promise<Caller> {
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/shop",
    payload: LOCATION,
    headers: p.headers,
  });
  if (res.statusCode !== 201) throw new Error(`shop failed: ${res.body}`);
  const companyId = companyIdOf(p);
  // Vouchers need an active payout account (decision 010, section 1), as onboarding leaves it.
  await t.db.insert(paymentAccounts).values({
    companyId,
    provider: "sandbox",
    accountId: `acct_lifecycle_${companyId}`,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    activatedAt: new Date(),
  });
  return {
    headers: p.headers,
    email: p.email,
    companyId,
    locationId: res.json().data.id,
    userId: p.user.id,
  };
}

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  team = await signedInAdmin(t);
  cafe = await caller(await signedInPartner(t, { company_name: "Café Lebenslauf" }));
  english = await caller(await signedInPartner(t, { company_name: "Corner Coffee" }));
  // The partner's language is the login's (users.locale), as the account settings store it.
  await t.db.update(users).set({ locale: "en" }).where(eq(users.companyId, english.companyId));
  industry = (await t.inject({ url: "/api/v2/dashboard/nft/industries", headers: cafe.headers })).json()
    .data[0].id;
  png = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#c8553d" } })
    .png()
    .toBuffer();
}, 120_000);

type Fields = Record<string, string | number | undefined>;

/** A multipart create as the browser's FormData sends it (decision 010, section 7). */
async function create(who: Caller, fields: Fields, path: "coupon" | "absolute-coupon"): Promise<number> {
  const boundary = `----stempla${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries({ ...fields, location_ids: who.locationId })) {
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
    url: `/api/v2/dashboard/nft/create/${path}`,
    headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data.id;
}

const couponFields = (over: Fields = {}): Fields => ({
  industry_id: industry,
  name: "Gratis Espresso",
  description: "Ein Espresso zu jedem Frühstück.",
  validity_type: "days",
  validity_days: 30,
  quantity: 100,
  ...over,
});
const coupon = (who: Caller, over: Fields = {}) => create(who, couponFields(over), "coupon");
const voucher = (who: Caller, over: Fields = {}) =>
  create(
    who,
    {
      type: "voucher",
      industry_id: industry,
      name: "Brunch für zwei",
      description: "Brunch mit Kaffee und Saft für zwei Personen.",
      price_cents: 4900,
      vat_rate: "7",
      quantity: 500,
      ...over,
    },
    "absolute-coupon",
  );

/** The partner's change of every field as JSON (no new photo), back into the review. */
async function edit(who: Caller, id: number, over: Fields = {}) {
  const res = await t.inject({
    method: "PUT",
    url: `/api/v2/dashboard/nft/update/coupon/${id}`,
    headers: who.headers,
    payload: { ...couponFields(over), location_ids: [who.locationId] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function partnerRevoke(who: Caller, id: number) {
  const res = await t.inject({
    method: "PUT",
    url: `/api/v2/dashboard/nft/update/coupon/${id}/status/off-market`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function teamCall(id: number, action: "approve" | "reject" | "revoke", payload: object) {
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/nft/offers/${id}/${action}`,
    headers: team.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const offerRow = async (id: number) => (await t.db.select().from(nftOffers).where(eq(nftOffers.id, id)))[0]!;
const approve = async (id: number) => teamCall(id, "approve", { version: (await offerRow(id)).version });
const reject = (id: number, reason: string) => teamCall(id, "reject", { reason });
const teamRevoke = (id: number, reason: string) => teamCall(id, "revoke", { reason });

const eventsOf = (id: number) =>
  t.db.select().from(nftOfferEvents).where(eq(nftOfferEvents.offerId, id)).orderBy(asc(nftOfferEvents.id));
const lastEvent = async (id: number) => (await eventsOf(id)).at(-1)!;

/** The partner's mails of one kind about the offer named `name`. */
async function mailsOf(who: Caller, kind: string, name: string) {
  const rows = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, who.email), eq(mailOutbox.template, `nft.offer.${kind}`)))
    .orderBy(asc(mailOutbox.id));
  return rows.filter((m) => m.text.includes(name));
}
async function theMail(who: Caller, kind: string, name: string) {
  const mails = await mailsOf(who, kind, name);
  expect(mails, `${kind} mails about ${name}`).toHaveLength(1);
  return mails[0]!;
}
/** All lifecycle mails about `name`, to see that a step mailed nothing. */
const allMails = async (who: Caller, name: string) =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, who.email), sql`${mailOutbox.template} like 'nft.offer.%'`))
  ).filter((m) => m.text.includes(name)).length;

const job = (day: string) => runOfferLifecycle(t.db, { publicUrl: ORIGIN, now: at(day) });

let names = 0;
const uniqueName = (base: string) => `${base} ${++names}`;

describe("create (partner) -> in_review", () => {
  it("records the first event and mails that the review takes up to REVIEW.changeReviewDays days", async () => {
    const name = uniqueName("Gratis Espresso");
    const id = await coupon(cafe, { name });
    const row = await offerRow(id);
    expect(row).toMatchObject({ state: "in_review", version: 1, offMarketReason: null, purpose: null });
    expect(await eventsOf(id)).toMatchObject([
      {
        fromState: null,
        toState: "in_review",
        reason: "created",
        actor: "partner",
        actorUserId: cafe.userId,
      },
    ]);
    const mail = await theMail(cafe, "submitted", name);
    expect(mail.locale).toBe("de");
    expect(mail.subject).toBe(`Ihr Coupon „${name}“ wurde eingereicht`);
    expect(mail.text).toContain(`innerhalb von bis zu ${REVIEW.changeReviewDays} Tagen`);
    expect(mail.text).toContain(`${ORIGIN}/de/nft`);
  });

  it("mails a partner whose language is English in English", async () => {
    const name = uniqueName("Free espresso");
    await coupon(english, { name });
    const mail = await theMail(english, "submitted", name);
    expect(mail.locale).toBe("en");
    expect(mail.subject).toBe(`Your coupon "${name}" was submitted`);
    expect(mail.text).toContain(`within up to ${REVIEW.changeReviewDays} days`);
    expect(mail.text).toContain(`${ORIGIN}/en/nft`);
  });
});

describe("edit (partner) -> in_review", () => {
  it("from in review, rejected and scheduled: back to the queue, a new version, recorded, not mailed", async () => {
    const name = uniqueName("Kuchen gratis");
    const start = addDays(today(), 20);
    const id = await coupon(cafe, { name, start_date: start });
    const mailsBefore = await allMails(cafe, name);

    await edit(cafe, id, { name, start_date: start, description: "Erste Änderung." });
    expect(await offerRow(id)).toMatchObject({ state: "in_review", version: 2 });

    await reject(id, "Bitte das Foto ohne Text hochladen.");
    expect((await offerRow(id)).rejectionReason).toBe("Bitte das Foto ohne Text hochladen.");
    await edit(cafe, id, { name, start_date: start, description: "Zweite Änderung." });
    const afterRejection = await offerRow(id);
    expect(afterRejection).toMatchObject({ state: "in_review", version: 3, rejectionReason: null });

    await approve(id);
    expect((await offerRow(id)).state).toBe("scheduled");
    await edit(cafe, id, { name, start_date: start, description: "Dritte Änderung." });
    expect(await offerRow(id)).toMatchObject({ state: "in_review", version: 4 });

    const edits = (await eventsOf(id)).filter((e) => e.reason === "edit");
    expect(edits.map((e) => [e.fromState, e.toState, e.actor, e.actorUserId])).toEqual([
      ["in_review", "in_review", "partner", cafe.userId],
      ["rejected", "in_review", "partner", cafe.userId],
      ["scheduled", "in_review", "partner", cafe.userId],
    ]);
    // Only the team's rejection and approval were mailed, never an edit.
    expect(await allMails(cafe, name)).toBe(mailsBefore + 2);
  });
});

describe("approve (team)", () => {
  it("without a start day -> on_market: purpose, approver, on-market time, event and mail", async () => {
    const name = uniqueName("Kaffee gratis");
    const id = await coupon(cafe, { name });
    const answer = await approve(id);
    expect(answer.offer).toMatchObject({ id, state: "on_market", purpose: "none" });
    const row = await offerRow(id);
    expect(row).toMatchObject({ state: "on_market", approvedByUserId: team.id, purpose: "none" });
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(row.onMarketAt).toBeInstanceOf(Date);
    expect(await lastEvent(id)).toMatchObject({
      fromState: "in_review",
      toState: "on_market",
      reason: "approved",
      actor: "team",
      actorUserId: team.id,
    });
    const mail = await theMail(cafe, "on_market", name);
    expect(mail.subject).toBe(`Ihr Coupon „${name}“ ist jetzt auf dem Marktplatz`);
    expect(mail.text).toContain("in der Stempla-App und kann ihn dort erhalten");
  });

  it("with the start day today -> on_market at once", async () => {
    const name = uniqueName("Heute los");
    const id = await coupon(cafe, { name, start_date: today() });
    await approve(id);
    expect((await offerRow(id)).state).toBe("on_market");
    await theMail(cafe, "on_market", name);
  });

  it("with the start day ahead -> scheduled, mailed 'approved from {start}'; not on the market yet", async () => {
    const name = uniqueName("Frühlingsaktion");
    const start = addDays(today(), 30);
    const id = await coupon(cafe, { name, start_date: start });
    await approve(id);
    const row = await offerRow(id);
    expect(row).toMatchObject({ state: "scheduled", onMarketAt: null, purpose: "none" });
    expect(await lastEvent(id)).toMatchObject({ toState: "scheduled", actor: "team" });
    const mail = await theMail(cafe, "scheduled", name);
    expect(mail.subject).toBe(`Ihr Coupon „${name}“ ist freigegeben`);
    expect(mail.text).toContain(`ab dem ${longDayText(start, "de")} auf dem Marktplatz`);
    expect(await mailsOf(cafe, "on_market", name)).toHaveLength(0);
  });

  it("fixes a voucher's purpose at approval: one rate in Germany single, several rates multi (§ 3 Abs. 13-15 UStG)", async () => {
    const single = await voucher(cafe, { name: uniqueName("Brunch"), vat_rate: "7" });
    const multi = await voucher(cafe, { name: uniqueName("Dinner mit Wein"), vat_rate: "mixed" });
    await approve(single);
    await approve(multi);
    expect((await offerRow(single)).purpose).toBe("single");
    expect((await offerRow(multi)).purpose).toBe("multi");
    // A later change of the location's country never changes the stored purpose (decision 010, section 1).
    await t.db.execute(sql`update locations set country = 'AT' where id = ${cafe.locationId}`);
    expect((await offerRow(single)).purpose).toBe("single");
    await t.db.execute(sql`update locations set country = 'DE' where id = ${cafe.locationId}`);
  });
});

describe("reject (team) -> rejected", () => {
  it("stores and mails the team's reason, in German and in English", async () => {
    const name = uniqueName("Zwei für eins");
    const id = await coupon(cafe, { name });
    const reason = "Bitte nennen Sie die Bedingungen\nim Beschreibungstext.";
    await reject(id, reason);
    expect(await offerRow(id)).toMatchObject({ state: "rejected", rejectionReason: reason });
    expect(await lastEvent(id)).toMatchObject({
      fromState: "in_review",
      toState: "rejected",
      reason: "rejected",
      note: reason,
      actor: "team",
      actorUserId: team.id,
    });
    const mail = await theMail(cafe, "rejected", name);
    expect(mail.subject).toBe(`Ihr Coupon „${name}“: bitte ändern Sie das Angebot`);
    expect(mail.text).toContain(reason);

    const enName = uniqueName("Two for one");
    const enId = await coupon(english, { name: enName });
    await reject(enId, "Please state the conditions.");
    const enMail = await theMail(english, "rejected", enName);
    expect(enMail.subject).toBe(`Your coupon "${enName}": please change the offer`);
    expect(enMail.text).toContain("Please state the conditions.");
  });
});

describe("start day reached (job) -> on_market", () => {
  it("starts a scheduled offer on its Berlin start day, once, by the system, and mails it", async () => {
    const name = uniqueName("Adventsaktion");
    const start = addDays(today(), 2);
    const id = await coupon(cafe, { name, start_date: start });
    await approve(id);

    expect((await job(addDays(start, -1))).started).not.toContain(id);
    expect((await offerRow(id)).state).toBe("scheduled");

    // Two processes at once: the row lock lets one act, the other finds it started.
    const runs = await Promise.all([job(start), job(start)]);
    expect(runs.flatMap((r) => r.started).filter((x) => x === id)).toEqual([id]);
    expect(runs.flatMap((r) => r.failed)).toEqual([]);
    const row = await offerRow(id);
    expect(row.state).toBe("on_market");
    expect(row.onMarketAt?.toISOString()).toBe(at(start).toISOString());
    expect(await lastEvent(id)).toMatchObject({
      fromState: "scheduled",
      toState: "on_market",
      reason: "started",
      actor: "system",
      actorUserId: null,
    });
    expect((await eventsOf(id)).filter((e) => e.reason === "started")).toHaveLength(1);
    await theMail(cafe, "on_market", name);
    expect((await job(start)).started).not.toContain(id);
  });
});

describe("revoke -> off_market/revoked", () => {
  it("by the partner from in review, rejected, scheduled and on the market, confirmed by mail", async () => {
    const base = uniqueName("Rückzug");
    const inReview = await coupon(cafe, { name: `${base} A` });
    const rejected = await coupon(cafe, { name: `${base} B` });
    await reject(rejected, "Bitte ein anderes Foto.");
    const scheduled = await coupon(cafe, { name: `${base} C`, start_date: addDays(today(), 40) });
    await approve(scheduled);
    const onMarket = await coupon(cafe, { name: `${base} D` });
    await approve(onMarket);

    for (const [id, from] of [
      [inReview, "in_review"],
      [rejected, "rejected"],
      [scheduled, "scheduled"],
      [onMarket, "on_market"],
    ] as const) {
      await partnerRevoke(cafe, id);
      const row = await offerRow(id);
      expect(row).toMatchObject({ state: "off_market", offMarketReason: "revoked" });
      expect(row.offMarketAt).toBeInstanceOf(Date);
      expect(await lastEvent(id)).toMatchObject({
        fromState: from,
        toState: "off_market",
        reason: "revoked",
        actor: "partner",
        actorUserId: cafe.userId,
      });
    }
    const fromMarket = await theMail(cafe, "revoked", `${base} D`);
    expect(fromMarket.subject).toBe(`Ihr Coupon „${base} D“ wurde vom Marktplatz genommen`);
    expect(fromMarket.text).toContain(
      "Bereits ausgegebene Coupons bleiben bis zum Ende ihrer Gültigkeit einlösbar.",
    );
    const beforeMarket = await theMail(cafe, "revoked", `${base} A`);
    expect(beforeMarket.subject).toBe(`Ihr Coupon „${base} A“ wurde zurückgezogen`);
  });

  it("by the team with its reason, mailed to the partner in the partner's language", async () => {
    const name = uniqueName("Happy hour");
    const id = await coupon(english, { name });
    await approve(id);
    const reason = "The offer advertises alcohol to minors.";
    await teamRevoke(id, reason);
    expect(await offerRow(id)).toMatchObject({ state: "off_market", offMarketReason: "revoked" });
    expect(await lastEvent(id)).toMatchObject({
      fromState: "on_market",
      toState: "off_market",
      reason: "revoked",
      note: reason,
      actor: "team",
      actorUserId: team.id,
    });
    const mail = await theMail(english, "revoked", name);
    expect(mail.subject).toBe(`Your coupon "${name}" was taken off the marketplace`);
    expect(mail.text).toContain(`we have taken your coupon "${name}" off the marketplace. The reason:`);
    expect(mail.text).toContain(reason);
  });
});

describe("last item sold or given out (customer's transaction) -> off_market/sold_out or issued", () => {
  it("a coupon's last one given out is 'issued', a voucher's last one sold 'sold_out', each mailed", async () => {
    const couponName = uniqueName("Letzter Coupon");
    const voucherName = uniqueName("Letzter Brunch");
    const couponId = await coupon(cafe, { name: couponName });
    const voucherId = await voucher(cafe, { name: voucherName });
    await approve(couponId);
    await approve(voucherId);
    // As stream C's claim and purchase transactions call it, in their own transaction.
    for (const [id, type] of [
      [couponId, "coupon"],
      [voucherId, "voucher"],
    ] as [number, NftType][]) {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update nft_offers set sold_count = quantity where id = ${id}`);
        await transitionOffer(tx, {
          offerId: id,
          event: { type: "exhausted", coupon: type === "coupon" },
          actor: "customer",
          publicUrl: ORIGIN,
        });
      });
    }
    expect(await offerRow(couponId)).toMatchObject({ state: "off_market", offMarketReason: "issued" });
    expect(await offerRow(voucherId)).toMatchObject({ state: "off_market", offMarketReason: "sold_out" });
    expect(await lastEvent(couponId)).toMatchObject({
      reason: "issued",
      actor: "customer",
      actorUserId: null,
    });
    expect(await lastEvent(voucherId)).toMatchObject({ reason: "sold_out", actor: "customer" });
    expect((await theMail(cafe, "exhausted", couponName)).subject).toBe(
      `Ihr Coupon „${couponName}“: alle Coupons sind ausgegeben`,
    );
    expect((await theMail(cafe, "exhausted", voucherName)).subject).toBe(
      `Ihr Gutschein „${voucherName}“ ist ausverkauft`,
    );
  });

  it("only from on the market: the caller's transaction rolls back with NftTransitionError otherwise", async () => {
    const id = await coupon(cafe, { name: uniqueName("Noch in Prüfung") });
    await expect(
      t.db.transaction((tx) =>
        transitionOffer(tx, { offerId: id, event: { type: "exhausted", coupon: true }, actor: "customer" }),
      ),
    ).rejects.toBeInstanceOf(NftTransitionError);
    expect((await offerRow(id)).state).toBe("in_review");
    expect(await eventsOf(id)).toHaveLength(1);
  });
});

describe("day after the end day (job) -> off_market/expired", () => {
  it("ends offers in review, rejected, scheduled and on the market; off-market ones stay as they are", async () => {
    const base = uniqueName("Sommer");
    const end = addDays(today(), 5);
    const inReview = await coupon(cafe, { name: `${base} A`, end_date: end });
    const rejected = await coupon(cafe, { name: `${base} B`, end_date: end });
    await reject(rejected, "Bitte ein anderes Foto.");
    const scheduled = await coupon(cafe, {
      name: `${base} C`,
      start_date: addDays(today(), 3),
      end_date: end,
    });
    await approve(scheduled);
    const onMarket = await coupon(cafe, { name: `${base} D`, end_date: end });
    await approve(onMarket);
    const revoked = await coupon(cafe, { name: `${base} E`, end_date: end });
    await partnerRevoke(cafe, revoked);
    const soldOut = await voucher(cafe, { name: `${base} F`, end_date: end });
    await approve(soldOut);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update nft_offers set sold_count = quantity where id = ${soldOut}`);
      await transitionOffer(tx, {
        offerId: soldOut,
        event: { type: "exhausted", coupon: false },
        actor: "customer",
      });
    });
    // A withdrawal gives one voucher back (sold_count - 1): off the market stays final (section 4).
    await t.db.execute(sql`update nft_offers set sold_count = sold_count - 1 where id = ${soldOut}`);

    // On the end day itself nothing ends.
    const onEndDay = await job(end);
    for (const id of [inReview, rejected, scheduled, onMarket]) expect(onEndDay.expired).not.toContain(id);
    // The scheduled one started on its day before (the run of the end day starts it).
    expect((await offerRow(scheduled)).state).toBe("on_market");

    const next = await job(addDays(end, 1));
    expect(next.failed).toEqual([]);
    for (const [id, from] of [
      [inReview, "in_review"],
      [rejected, "rejected"],
      [scheduled, "on_market"],
      [onMarket, "on_market"],
    ] as const) {
      expect(next.expired).toContain(id);
      const row = await offerRow(id);
      expect(row).toMatchObject({ state: "off_market", offMarketReason: "expired" });
      expect(row.offMarketAt?.toISOString()).toBe(at(addDays(end, 1)).toISOString());
      expect(await lastEvent(id)).toMatchObject({
        fromState: from,
        toState: "off_market",
        reason: "expired",
        actor: "system",
      });
    }
    expect(next.expired).not.toContain(revoked);
    expect(next.expired).not.toContain(soldOut);
    expect(await offerRow(revoked)).toMatchObject({ state: "off_market", offMarketReason: "revoked" });
    expect(await offerRow(soldOut)).toMatchObject({ state: "off_market", offMarketReason: "sold_out" });

    const mail = await theMail(cafe, "ended", `${base} D`);
    expect(mail.subject).toBe(`Ihr Coupon „${base} D“ ist beendet`);
    expect(mail.text).toContain(
      `der Aktionszeitraum Ihres Coupons „${base} D“ endete am ${longDayText(end, "de")}; das Angebot ist nicht mehr auf dem Marktplatz.`,
    );
    // One that never reached the market is told so.
    expect((await theMail(cafe, "ended", `${base} A`)).text).toContain(
      "bevor das Angebot auf den Marktplatz kam",
    );
    // A second run finds nothing more to do.
    const again = await job(addDays(end, 1));
    for (const id of [inReview, rejected, scheduled, onMarket]) expect(again.expired).not.toContain(id);
    expect(await mailsOf(cafe, "ended", `${base} D`)).toHaveLength(1);
  });

  it("ends a scheduled offer whose start and end both passed without a day on the market", async () => {
    const name = uniqueName("Verpasst");
    const start = addDays(today(), 7);
    const id = await coupon(cafe, { name, start_date: start, end_date: start });
    await approve(id);
    const run = await job(addDays(start, 1));
    expect(run.expired).toContain(id);
    expect(run.started).not.toContain(id);
    expect(await lastEvent(id)).toMatchObject({ fromState: "scheduled", reason: "expired" });
    expect(await mailsOf(cafe, "on_market", name)).toHaveLength(0);
    const mail = await theMail(cafe, "ended", name);
    expect(mail.locale).toBe("de");
    expect(mail.text).toContain("bevor das Angebot auf den Marktplatz kam");
  });

  it("mails the end in English to an English partner", async () => {
    const name = uniqueName("Summer special");
    const end = addDays(today(), 8);
    const id = await coupon(english, { name, end_date: end });
    await approve(id);
    expect((await job(addDays(end, 1))).expired).toContain(id);
    const mail = await theMail(english, "ended", name);
    expect(mail.subject).toBe(`Your coupon "${name}" has ended`);
    expect(mail.text).toContain(`ended on ${longDayText(end, "en")}`);
  });
});

describe("off the market is final", () => {
  it("refuses every further event and the partner's revoke and edit (409)", async () => {
    const id = await coupon(cafe, { name: uniqueName("Final") });
    await partnerRevoke(cafe, id);
    for (const event of [
      { type: "edited" },
      { type: "approved", startsLater: false },
      { type: "rejected" },
      { type: "started" },
      { type: "revoked" },
      { type: "exhausted", coupon: true },
      { type: "ended" },
    ] as const) {
      await expect(
        t.db.transaction((tx) => transitionOffer(tx, { offerId: id, event, actor: "system" })),
      ).rejects.toBeInstanceOf(NftTransitionError);
    }
    const again = await t.inject({
      method: "PUT",
      url: `/api/v2/dashboard/nft/update/coupon/${id}/status/off-market`,
      headers: cafe.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(await offerRow(id)).toMatchObject({ state: "off_market", offMarketReason: "revoked" });
    expect(await eventsOf(id)).toHaveLength(2);
  });
});

describe("the nft-lifecycle job's other work (decision 010, sections 4 and 5)", () => {
  it("also releases reservations past their time and claims due transfers, reporting what failed", async () => {
    expect(NFT_LIFECYCLE_HOOKS.map((h) => h.name)).toEqual(["release-reservations", "transfers", "refunds"]);
    const id = await voucher(cafe, { name: uniqueName("Reserviert") });
    await approve(id);
    const customer = await appCustomer(t);
    const day = addDays(today(), 1);
    await t.db.execute(sql`update nft_offers set reserved_count = 2, sold_count = 1 where id = ${id}`);
    const [purchase] = await t.db
      .insert(nftPurchases)
      .values({
        offerId: id,
        companyId: cafe.companyId,
        appUserId: customer.id,
        quantity: 2,
        unitPriceCents: 4900,
        grossCents: 9800,
        purpose: "single",
        vatRate: 7,
        netCents: 9158,
        vatCents: 642,
        feeCents: 540,
        provider: "sandbox",
        paymentMethod: "card",
        idempotencyKey: "lifecycle-job-purchase",
        requestHash: "lifecycle-job",
        reservedUntil: new Date(at(day).getTime() - 60_000),
      })
      .returning();
    // A voucher sold before, its withdrawal period over: due to the partner.
    const [item] = await t.db
      .insert(nftItems)
      .values({
        nftId: nftIdFromBytes(randomBytes(16)),
        offerId: id,
        companyId: cafe.companyId,
        appUserId: customer.id,
        walletAddress: customer.wallet,
        state: "held",
        priceCents: 4900,
        expiresAt: new Date("2030-01-01T00:00:00+01:00"),
        lastDay: "2029-12-31",
        transferDueAt: new Date(at(day).getTime() - 60_000),
      })
      .returning();
    const errors: string[] = [];
    await runNftLifecycleJob(t.db, {
      publicUrl: ORIGIN,
      now: at(day),
      log: { error: (_obj, msg) => errors.push(msg) },
    });

    const [released] = await t.db.select().from(nftPurchases).where(eq(nftPurchases.id, purchase!.id));
    expect(released?.state).toBe("expired");
    expect(await offerRow(id)).toMatchObject({ reservedCount: 0, soldCount: 1, state: "on_market" });
    const [claimed] = await t.db.select().from(nftItems).where(eq(nftItems.id, item!.id));
    expect(claimed?.transferId).not.toBeNull();
    const [transfer] = await t.db
      .select()
      .from(nftTransfers)
      .where(eq(nftTransfers.id, claimed!.transferId!));
    expect(transfer).toMatchObject({ companyId: cafe.companyId, items: 1 });
    // This test's payout account exists only in our mirror, not in the sandbox's books: the
    // provider refuses, the job reports it and the transfer waits for the next tick.
    expect(errors).toEqual(["transfer not sent; retried next tick"]);
    expect(transfer?.providerTransferId).toBeNull();
  });
});
