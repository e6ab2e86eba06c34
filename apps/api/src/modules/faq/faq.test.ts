import {
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  FAQ_PLACEHOLDER_NAMES,
  type FaqBlock,
  formatMoney,
  INCLUDED_SCANS_PER_LOCATION,
  type Locale,
  MINIMUM_MONTHLY_CENTS_PER_LOCATION,
  monthlyPrice,
  NFT,
  PRICE_PER_SCAN_CENTS,
  unknownFaqPlaceholders,
  VAT_RATE_PERCENT,
} from "@stempla/domain";
import { eq, inArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { faqEntries, faqSeeds } from "../../db/schema/index.ts";
import { FAQ_SEED_ENTRIES } from "../../db/seed/faq-texts.ts";
import { seedReferenceData } from "../../db/seed/reference-data.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let partner: Awaited<ReturnType<typeof signedInPartner>>;

const ENTRY = {
  slug: "test-hinweis",
  topic: "pricing-and-billing",
  audience: "public",
  published: true,
  question_de: "Gibt es Rabatt für Vereine?",
  question_en: "Is there a discount for clubs?",
  answer_de: "Ja.\n<red>Nur auf Antrag.</red>\nSiehe [Preise](/pricing).",
  answer_en: "Yes.\n<red>Only on request.</red>\nSee [pricing](/pricing).",
};

const admin$ = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers = admin.headers,
) =>
  t.inject({
    method,
    url: `/api/admin${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
  });
const publicFaq = (lang = "de") => t.inject({ url: `/api/v2/faq?lang=${lang}` });
const partnerFaq = (locale: "de" | "en") =>
  t.inject({
    url: "/api/v2/dashboard/adminFaq",
    headers: { ...partner.headers, "content-language": locale },
  });
const slugs = (res: { json(): { data: { slug: string }[] } }) => res.json().data.map((e) => e.slug);
/** An answer's converted text, lines joined by "\n", blocks by a blank line. */
const textOf = (blocks: FaqBlock[]) =>
  blocks.map((b) => b.children.map((c) => (c.type === "break" ? "\n" : c.text)).join("")).join("\n\n");
const answerText = async (slug: string, lang: Locale) =>
  textOf((await publicFaq(lang)).json().data.find((e: { slug: string }) => e.slug === slug).blocks);

// The FAQ is one list for everyone, so each test gets a database of its own with the seeded
// entries and adds what it reads: a test runs alone and in any order (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build();
  admin = await signedInAdmin(t);
  partner = await signedInPartner(t);
}, 120_000);
afterEach(() => t.close());

describe("the launch FAQ", () => {
  it("is seeded in page order, published for everyone, and answers in the asked language", async () => {
    const de = await publicFaq("de");
    expect(de.statusCode).toBe(200);
    expect(de.json().data).toHaveLength(FAQ_SEED_ENTRIES.length);
    expect(de.json().data[0]).toMatchObject({ slug: "what-is-stempla", topic: "getting-started" });
    const revenue = de.json().data.find((e: { slug: string }) => e.slug === "estimated-extra-revenue");
    expect(revenue.question).toBe("Was ist der geschätzte Mehrumsatz und wie wird er berechnet?");
    expect(revenue.blocks[0].type).toBe("paragraph");
    expect(revenue.blocks[0].children).toContainEqual({ type: "break" });
    const en = await publicFaq("en");
    expect(en.json().data.find((e: { slug: string }) => e.slug === "estimated-extra-revenue").question).toBe(
      "What is the estimated extra revenue and how is it calculated?",
    );
    expect(slugs(await partnerFaq("de"))).toEqual(slugs(de));
  });

  it("states its numbers through placeholders, filled in from the constants for each language", async () => {
    for (const entry of FAQ_SEED_ENTRIES) {
      expect(unknownFaqPlaceholders(entry.answerDe), entry.slug).toEqual([]);
      expect(unknownFaqPlaceholders(entry.answerEn), entry.slug).toEqual([]);
    }
    // docs/architecture.md, "FAQ": the pooled-scans example is the pricing function's.
    const scans = 2 * INCLUDED_SCANS_PER_LOCATION + 2;
    const example = monthlyPrice({ locations: 2, scans, digitalMenuLocations: 0 });
    const de = await answerText("pooled-scans", "de");
    expect(de).toContain(`insgesamt ${scans} Scans`);
    expect(de).toContain(
      `Mindestbetrag: 2 × ${formatMoney(MINIMUM_MONTHLY_CENTS_PER_LOCATION, "de")} = ${formatMoney(2 * MINIMUM_MONTHLY_CENTS_PER_LOCATION, "de")} (enthält ${example.includedScans} Scans)`,
    );
    expect(de).toContain(
      `Summe: ${formatMoney(example.netCents, "de")} netto zzgl. ${VAT_RATE_PERCENT}\u00a0% MwSt.`,
    );
    expect(de).not.toMatch(/[{}]/);
    const en = await answerText("pooled-scans", "en");
    expect(en).toContain(`Total: ${formatMoney(example.netCents, "en")} net, plus ${VAT_RATE_PERCENT}% VAT`);
    expect(await answerText("what-does-it-cost", "en")).toContain(
      `Every scan beyond that costs ${formatMoney(PRICE_PER_SCAN_CENTS, "en")} plus VAT.`,
    );
    expect(await answerText("estimated-extra-revenue", "de")).toContain(
      `rechnen wir mit ${formatMoney(DEFAULT_AVERAGE_RECEIPT_CENTS, "de")} und`,
    );
    // Readers' markup text has the values too; only the console sees the placeholders.
    const read = (await publicFaq("de")).json().data.find((e: { slug: string }) => e.slug === "pooled-scans");
    expect(read.answer).toContain(`Summe: ${formatMoney(example.netCents, "de")} netto`);
    expect(read.answer).not.toMatch(/[{}]/);
    const edited = (await admin$("GET", "/faq"))
      .json()
      .data.find((e: { slug: string }) => e.slug === "pooled-scans");
    expect(edited.answer_de).toContain("Summe: {example_total} netto");
  });

  it("is not put back when the team deleted or changed it (the seed runs at every start)", async () => {
    const [terms] = await t.db.select().from(faqEntries).where(eq(faqEntries.slug, "terms"));
    await t.db.update(faqEntries).set({ questionDe: "Geändert" }).where(eq(faqEntries.slug, "app-cost"));
    expect((await admin$("DELETE", `/faq/${terms!.id}`)).statusCode).toBe(204);
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    const rows = await t.db.select().from(faqEntries);
    expect(rows.filter((r) => r.slug === "terms")).toHaveLength(0);
    expect(rows.find((r) => r.slug === "app-cost")?.questionDe).toBe("Geändert");
    expect(rows).toHaveLength(FAQ_SEED_ENTRIES.length - 1);
    expect(await t.db.select().from(faqSeeds)).toHaveLength(FAQ_SEED_ENTRIES.length);
  });
});

describe("entries added to the launch list later", () => {
  // Coupons and vouchers came after launch (docs/decisions/010-coupons-and-vouchers.md).
  const added = [
    "coupons-and-vouchers",
    "voucher-fee",
    "voucher-payout",
    "voucher-vat",
    "voucher-withdrawal-and-validity",
    "voucher-review",
  ];

  it("reach a database seeded before them, after the team's own entries of their topic", async () => {
    // The database as it was before they existed: never seeded, not in the list.
    await t.db.delete(faqEntries).where(inArray(faqEntries.slug, added));
    await t.db.delete(faqSeeds).where(inArray(faqSeeds.seedKey, added));
    expect((await admin$("POST", "/faq", ENTRY)).statusCode).toBe(201);
    await seedReferenceData(t.db);
    const pricing = (await publicFaq("de"))
      .json()
      .data.filter((e: { topic: string }) => e.topic === "pricing-and-billing")
      .map((e: { slug: string }) => e.slug);
    expect(pricing.slice(-added.length - 1)).toEqual([ENTRY.slug, ...added]);
    expect(await t.db.select().from(faqSeeds)).toHaveLength(FAQ_SEED_ENTRIES.length);
  });

  it("state the market's numbers from NFT in each language", async () => {
    const fee = NFT.platformFee;
    const de = await answerText("voucher-fee", "de");
    expect(de).toContain(
      `Plattformgebühr von ${fee.basisPoints / 100}\u00a0% + ${formatMoney(fee.fixedCents, "de")} (ein Anteil`,
    );
    expect(de).not.toMatch(/[{}]/);
    expect(await answerText("voucher-fee", "en")).toContain(
      `platform fee of ${fee.basisPoints / 100}% + ${formatMoney(fee.fixedCents, "en")} (a share`,
    );
    const kinds = await answerText("coupons-and-vouchers", "de");
    expect(kinds).toContain(`mindestens ${NFT.minimumCoupons} Coupons`);
    expect(kinds).toContain(
      `von ${formatMoney(NFT.cashVoucherMinCents, "de")} bis ${formatMoney(NFT.cashVoucherMaxCents, "de")}`,
    );
    expect(await answerText("voucher-withdrawal-and-validity", "en")).toContain(
      `within ${NFT.withdrawalDays} days of buying it`,
    );
  });
});

describe("the console's FAQ API", () => {
  it("answers 401 signed out and 403 to partners, on every route", async () => {
    const calls = [
      ["GET", "/faq"],
      ["POST", "/faq"],
      ["PUT", "/faq/1"],
      ["PUT", "/faq/1/published"],
      ["POST", "/faq/1/move"],
      ["DELETE", "/faq/1"],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === "GET" || method === "DELETE" ? undefined : ENTRY;
      expect((await admin$(method, url, payload, {} as typeof admin.headers)).statusCode).toBe(401);
      expect((await admin$(method, url, payload, partner.headers as never)).statusCode).toBe(403);
    }
    expect((await t.inject({ url: "/api/v2/dashboard/adminFaq" })).statusCode).toBe(401);
  });

  it("creates an entry that public readers see converted, in their language, and partners do not", async () => {
    const created = await admin$("POST", "/faq", ENTRY);
    expect(created.statusCode).toBe(201);
    const entry = created.json().data;
    expect(entry).toMatchObject({ ...ENTRY, updated_by: admin.email });
    const billing = (await admin$("GET", "/faq"))
      .json()
      .data.filter((e: { topic: string }) => e.topic === ENTRY.topic);
    expect(billing.at(-1).slug).toBe(ENTRY.slug);

    const en = (await publicFaq("en")).json().data.find((e: { slug: string }) => e.slug === ENTRY.slug);
    expect(en).toMatchObject({ question: ENTRY.question_en, answer: ENTRY.answer_en });
    expect(en.blocks).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "Yes." }] },
      { type: "danger", children: [{ type: "text", text: "Only on request." }] },
      {
        type: "paragraph",
        children: [
          { type: "text", text: "See " },
          { type: "link", text: "pricing", href: "/en/pricing", kind: "locale" },
          { type: "text", text: "." },
        ],
      },
    ]);
    // Without ?lang the request's language decides.
    const de = await t.inject({ url: "/api/v2/faq", headers: { "content-language": "de" } });
    expect(
      de.json().data.find((e: { slug: string }) => e.slug === ENTRY.slug).blocks[2].children[1].href,
    ).toBe("/de/pricing");
    expect(slugs(await partnerFaq("de"))).not.toContain(ENTRY.slug);
  });

  it("shows partner entries only in the dashboard and unpublished entries nowhere", async () => {
    const res = await admin$("POST", "/faq", {
      ...ENTRY,
      slug: "nur-partner",
      audience: "partners",
      question_de: "Wo finde ich meine Rechnungen?",
    });
    const id = res.json().data.id;
    const forPartner = (await partnerFaq("de"))
      .json()
      .data.find((e: { slug: string }) => e.slug === "nur-partner");
    expect(forPartner.question).toBe("Wo finde ich meine Rechnungen?");
    expect(slugs(await partnerFaq("en"))).toContain("nur-partner");
    expect(slugs(await publicFaq())).not.toContain("nur-partner");

    const hidden = await admin$("PUT", `/faq/${id}/published`, { published: false });
    expect(hidden.json().data.published).toBe(false);
    expect(slugs(await partnerFaq("de"))).not.toContain("nur-partner");
    expect(
      (await admin$("GET", "/faq")).json().data.some((e: { slug: string }) => e.slug === "nur-partner"),
    ).toBe(true);
  });

  it("edits an entry; a new topic puts it at that topic's end; unknown ids are 404", async () => {
    expect((await admin$("POST", "/faq", ENTRY)).statusCode).toBe(201);
    const [row] = await t.db.select().from(faqEntries).where(eq(faqEntries.slug, ENTRY.slug));
    const changed = await admin$("PUT", `/faq/${row!.id}`, {
      ...ENTRY,
      topic: "getting-started",
      answer_de: "Neu",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ topic: "getting-started", answer_de: "Neu" });
    const start = (await admin$("GET", "/faq"))
      .json()
      .data.filter((e: { topic: string }) => e.topic === "getting-started");
    expect(start.at(-1).slug).toBe(ENTRY.slug);
    expect((await admin$("PUT", "/faq/999999", ENTRY)).statusCode).toBe(404);
    expect((await admin$("PUT", "/faq/999999/published", { published: true })).statusCode).toBe(404);
    expect((await admin$("POST", "/faq/999999/move", { direction: "up" })).statusCode).toBe(404);
    expect((await admin$("DELETE", "/faq/999999")).statusCode).toBe(404);
    expect((await admin$("DELETE", "/faq/abc")).statusCode).toBe(422);
  });

  it("moves entries up and down within their topic", async () => {
    const topic = () =>
      admin$("GET", "/faq").then((r) =>
        r
          .json()
          .data.filter((e: { topic: string }) => e.topic === "customer-app")
          .map((e: { slug: string }) => e.slug),
      );
    const before = await topic();
    const [second] = await t.db.select().from(faqEntries).where(eq(faqEntries.slug, before[1]));
    expect((await admin$("POST", `/faq/${second!.id}/move`, { direction: "up" })).statusCode).toBe(200);
    expect(await topic()).toEqual([before[1], before[0], ...before.slice(2)]);
    // The first entry moved up stays first.
    await admin$("POST", `/faq/${second!.id}/move`, { direction: "up" });
    expect(await topic()).toEqual([before[1], before[0], ...before.slice(2)]);
    await admin$("POST", `/faq/${second!.id}/move`, { direction: "down" });
    expect(await topic()).toEqual(before);
    expect(slugs(await publicFaq()).filter((s: string) => before.includes(s))).toEqual(before);
  });

  it("refuses bad input with localized messages on the fields", async () => {
    const bad = await admin$(
      "POST",
      "/faq",
      {
        ...ENTRY,
        slug: "Mit Leerzeichen",
        topic: "weather",
        audience: "everyone",
        question_de: "",
        question_en: "x".repeat(201),
        answer_de: "<red>offen",
        answer_en: "[klick](javascript:alert(1))",
      },
      { ...admin.headers, "content-language": "en" } as typeof admin.headers,
    );
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.slug[0]).toMatch(/lower-case letters/);
    expect(errors.topic[0]).toBe("Please choose a topic.");
    expect(errors.audience).toHaveLength(1);
    expect(errors.question_de).toHaveLength(1);
    expect(errors.question_en[0]).toMatch(/200 characters/);
    expect(errors.answer_de[0]).toMatch(/<\/red>/);
    expect(errors.answer_en[0]).toMatch(/\[text\]\(\/page\)/);

    // An unknown placeholder: refused on its field, the message lists the known ones.
    for (const [language, available] of [
      ["de", "Verfügbar sind:"],
      ["en", "Available:"],
    ] as const) {
      const unknown = await admin$(
        "POST",
        "/faq",
        { ...ENTRY, answer_de: "Ab {preis_pro_scan} je Scan.", answer_en: "From {price_per_scan} a scan." },
        { ...admin.headers, "content-language": language } as typeof admin.headers,
      );
      expect(unknown.statusCode).toBe(422);
      const { errors } = unknown.json();
      expect(Object.keys(errors)).toEqual(["answer_de"]);
      expect(errors.answer_de[0]).toContain(available);
      for (const name of FAQ_PLACEHOLDER_NAMES) expect(errors.answer_de[0]).toContain(`{${name}}`);
    }
    expect(
      (await admin$("GET", "/faq")).json().data.some((e: { slug: string }) => e.slug === ENTRY.slug),
    ).toBe(false);

    const taken = await admin$("POST", "/faq", { ...ENTRY, slug: "estimated-extra-revenue" });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug[0]).toBe("Diesen Anker verwendet bereits ein anderer Eintrag.");
    expect((await admin$("POST", "/faq", { ...ENTRY, answer_de: "a\u0000b" })).statusCode).toBe(422);
    expect((await admin$("POST", "/faq/1/move", { direction: "sideways" })).statusCode).toBe(422);
    expect((await publicFaq("fr")).statusCode).toBe(422);
  });

  it("stores a script as text: readers get it back as a text node, never as a link or markup", async () => {
    const res = await admin$("POST", "/faq", {
      ...ENTRY,
      slug: "skript",
      answer_de: '<script>alert("x")</script> <img src=x onerror=alert(1)> [a](/faq)',
    });
    expect(res.statusCode).toBe(201);
    const read = (await publicFaq("de")).json().data.find((e: { slug: string }) => e.slug === "skript");
    expect(read.blocks[0].children[0]).toEqual({
      type: "text",
      text: '<script>alert("x")</script> <img src=x onerror=alert(1)> ',
    });
    expect(read.blocks[0].children[1]).toEqual({ type: "link", text: "a", href: "/de/faq", kind: "locale" });
  });
});
