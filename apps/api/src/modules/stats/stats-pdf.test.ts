import type { DashboardStats } from "@stempla/domain";
import { sql } from "drizzle-orm";
import * as mupdf from "mupdf";
import { beforeAll, describe, expect, it } from "vitest";
import { build, type TestApp } from "../../test/build.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { inLocale } from "../../test/review.ts";
import { appCustomer, type Customer, livePartner, scan, setStaffPin } from "../../test/scans.ts";
import { collectPoint, redeemCard } from "../app/scan.ts";
import { statsPdf } from "./stats-pdf.ts";

let t: TestApp;
let cafe: Awaited<ReturnType<typeof livePartner>>;
let other: Awaited<ReturnType<typeof livePartner>>;
const PIN = "4711";
const MONTH = "2026-03";

const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 2, day, hour));

beforeAll(async () => {
  t = await build();
  cafe = await livePartner(t);
  other = await livePartner(t);
  await setStaffPin(t, cafe, cafe.locationId, PIN, { count: 5, hours: 24 });
  // In March 2026: one customer fills a card (10 points, one a day) and redeems it; two more
  // collect a few points by NFC and QR; one scan today (another month) through the app API.
  const [kim, lea, tom] = [await appCustomer(t), await appCustomer(t), await appCustomer(t)];
  for (let day = 1; day <= 10; day++) {
    await collectPoint(t.db, kim.id, { code: cafe.scanCode, method: "nfc" }, { at: at(day) });
  }
  await redeemCard(t.db, kim.id, { code: cafe.scanCode, pin: PIN }, { at: at(11) });
  const few = async (c: Customer, method: "nfc" | "qr", days: number[]) => {
    for (const day of days)
      await collectPoint(t.db, c.id, { code: cafe.scanCode, method }, { at: at(day, 15) });
  };
  await few(lea, "qr", [3, 12, 20]);
  await few(tom, "nfc", [25, 26]);
  expect((await scan(t, tom, cafe.scanCode)).statusCode).toBe(201);
});

const stats = async (query: string): Promise<DashboardStats> => {
  const res = await t.inject({ url: `/api/v2/dashboard/stats?${query}`, headers: cafe.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe("GET /dashboard/stats/pdf", () => {
  it("is a PDF download with the partner, the month and the dashboard's scan count (German by default)", async () => {
    const res = await t.inject({ url: `/api/v2/dashboard/stats/pdf?month=${MONTH}`, headers: cafe.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      "attachment; filename=\"stempla-statistik-2026-03.pdf\"; filename*=UTF-8''stempla-statistik-2026-03.pdf",
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const shown = await stats(`month=${MONTH}`);
    expect(shown.scans).toBe(15);
    expect(shown.cardsRedeemed).toBe(1);
    const { pages, text } = pdfText(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`${cafe.user.company.name} Öffentlich`);
    expect(text).toContain("März 2026");
    expect(text).toContain("Alle Standorte (kumuliert)");
    expect(text).toContain(`Scans (Sammelvorgänge) ${shown.scans} `);
    expect(text).toContain(`Eingelöste Karten ${shown.cardsRedeemed} `);
    expect(text).toContain(`Karteninhaber ${shown.cardOwners} `);
    // 8,00 € default receipt × returning customers' collections, formatted the German way.
    const euros = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })
      .format(shown.sales / 100)
      .replace(/\s/g, " ");
    expect(text).toContain(`Geschätzter Mehrumsatz ${euros}`);
    expect(text).toContain("Ø Bonwert 8,00 €");
    expect(text).toContain(`NFC ${shown.pointOrigin.nfc} (`);
    expect(text).toContain("Scans im Verlauf nach Woche (12 Wochen)");
    expect(text).toContain("Punktebilanz je Standort – März 2026");
    expect(text).toContain("Gesammelte und eingelöste Punkte (12 Monate)");
    expect(text).toContain("Top-Kunden (alle Standorte, seit dem Start)");
    // What the partner owes, card by card (nothing full: Kim redeemed hers; Lea has 3, Tom 3 points).
    expect(shown.outstanding).toEqual({ fullCards: 0, openPoints: 6, points: 6 });
    expect(text).toContain("Offene Prämien (alle Standorte): 0 volle Karten und 6 offene Punkte.");
    expect(text).toContain(
      "Wiederkehrend ist ein Kunde, der schon in einem früheren Monat bei Ihnen gescannt hat",
    );
    expect(text).toContain("Auffälligkeiten im März 2026");
    expect(text).toMatch(/Café am Markt 1 15 10 5 /); // redeemed cards, collected, redeemed, difference
    pages.forEach((page, i) => {
      expect(page).toContain(`Seite ${i + 1} von ${pages.length}`);
    });
  });

  it("draws the scan history by month when the page shows it by month", async () => {
    const res = await t.inject({
      url: `/api/v2/dashboard/stats/pdf?month=${MONTH}&period=month`,
      headers: cafe.headers,
    });
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain("Scans im Verlauf nach Monat (12 Monate)");
    expect(text).not.toContain("nach Woche");
    const bad = await t.inject({ url: `/api/v2/dashboard/stats/pdf?month=0000-01`, headers: cafe.headers });
    expect(bad.statusCode).toBe(422);
  });

  it("speaks English with Content-Language en or the locale cookie", async () => {
    const shown = await stats(`month=${MONTH}`);
    for (const headers of [
      inLocale(cafe, "en"),
      { ...cafe.headers, cookie: `${cafe.headers.cookie}; locale=en` },
    ]) {
      const res = await t.inject({ url: `/api/v2/dashboard/stats/pdf?month=${MONTH}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain('filename="stempla-statistics-2026-03.pdf"');
      const { text } = pdfText(res.rawPayload);
      expect(text).toContain("March 2026");
      expect(text).toContain("All locations (cumulative)");
      expect(text).toContain(`Scans (collections) ${shown.scans} `);
      expect(text).toContain("Estimated extra revenue €");
      expect(text).toContain("average receipt of €8.00");
      expect(text).toContain("Page 1 of");
      expect(text).not.toContain("Kennzahlen");
      expect(text).not.toContain("Seite 1");
    }
  });

  it("covers one own location; another partner's location is 404, signed out 401, a bad month 422", async () => {
    const res = await t.inject({
      url: `/api/v2/dashboard/stats/pdf?month=${MONTH}&location=${cafe.locationId}`,
      headers: cafe.headers,
    });
    expect(res.statusCode).toBe(200);
    const shown = await stats(`month=${MONTH}&location=${cafe.locationId}`);
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain("März 2026 · Café am Markt");
    expect(text).toContain(`Scans (Sammelvorgänge) ${shown.scans} `);

    const foreign = await t.inject({
      url: `/api/v2/dashboard/stats/pdf?month=${MONTH}&location=${other.locationId}`,
      headers: cafe.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers["content-type"]).toContain("application/json");

    const anonymous = await t.inject({ url: `/api/v2/dashboard/stats/pdf?month=${MONTH}` });
    expect(anonymous.statusCode).toBe(401);

    const bad = await t.inject({
      url: "/api/v2/dashboard/stats/pdf?month=2026-13",
      headers: inLocale(cafe, "en"),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.month).toEqual(["Please choose a month in the format YYYY-MM."]);
    expect(bad.json().message).toBeTruthy();
  });

  it("a master's network and chosen locations: named under the title, franchise rows with their company, customer lists its own", async () => {
    const master = await livePartner(t);
    const franchisee = await livePartner(t);
    const masterId = master.user.company.id;
    await t.db.execute(sql`update companies set type = 'master' where id = ${masterId}`);
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${masterId}, franchise_joined_at = now()
      where id = ${franchisee.user.company.id}`);
    await t.db.execute(sql`update locations set name = 'Franchise Süd' where id = ${franchisee.locationId}`);
    // An invited franchisee that has not completed its registration is not part of the count yet.
    await t.db.execute(sql`
      insert into companies (type, name, status, master_id) values ('slave', 'Eingeladen GmbH', 'black', ${masterId})`);
    const [ana, ben] = [await appCustomer(t), await appCustomer(t)];
    for (const day of [2, 3]) {
      await collectPoint(t.db, ana.id, { code: master.scanCode, method: "qr" }, { at: at(day) });
      await collectPoint(t.db, ben.id, { code: franchisee.scanCode, method: "qr" }, { at: at(day) });
    }
    await collectPoint(t.db, ana.id, { code: franchisee.scanCode, method: "nfc" }, { at: at(4) });

    const network = await t.inject({
      url: `/api/v2/dashboard/stats/pdf?month=${MONTH}&scope=network`,
      headers: master.headers,
    });
    expect(network.statusCode).toBe(200);
    const { text } = pdfText(network.rawPayload);
    expect(text).toContain("März 2026 · Netzwerk: 2 Unternehmen, 2 Standorte");
    expect(text).toContain("Scans (Sammelvorgänge) 5 ");
    expect(text).toContain(`Franchise Süd · ${franchisee.user.company.name} 0 3 0 3`);
    expect(text).toContain("Top-Kunden Ihrer eigenen Standorte");
    expect(text).toContain("Auffälligkeiten an Ihren eigenen Standorten im März 2026");
    expect(text).toContain("Offene Prämien (alle Standorte der Unternehmen in der Auswahl");

    const chosen = await t.inject({
      url: `/api/v2/dashboard/stats/pdf?month=${MONTH}&locations=${franchisee.locationId},${master.locationId}`,
      headers: inLocale(master, "en"),
    });
    expect(chosen.statusCode).toBe(200);
    const en = pdfText(chosen.rawPayload).text;
    expect(en).toMatch(
      /March 2026 · 2 locations: (Café am Markt, Franchise Süd|Franchise Süd, Café am Markt)/,
    );
    expect(en).toContain("Scans (collections) 5 ");
    // The franchisee sees its own figures only: the network is not its to ask for.
    const refused = await t.inject({
      url: `/api/v2/dashboard/stats/pdf?month=${MONTH}&scope=network`,
      headers: franchisee.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("not_a_master");
  });

  it("defaults to the current month, and a partner without scans gets a PDF of zeros", async () => {
    const now = await t.inject({ url: "/api/v2/dashboard/stats/pdf", headers: cafe.headers });
    expect(now.statusCode).toBe(200);
    const current = await stats("");
    expect(current.scans).toBe(1);
    expect(now.headers["content-disposition"]).toContain(`stempla-statistik-${current.month}.pdf`);
    expect(pdfText(now.rawPayload).text).toContain(`Scans (Sammelvorgänge) 1 `);

    const res = await t.inject({ url: `/api/v2/dashboard/stats/pdf?month=${MONTH}`, headers: other.headers });
    expect(res.statusCode).toBe(200);
    const { text } = pdfText(res.rawPayload);
    expect(text).toContain(`${other.user.company.name} Öffentlich`);
    expect(text).toContain("Scans (Sammelvorgänge) 0 ");
    expect(text).toContain("Geschätzter Mehrumsatz 0,00 €");
    expect(text).toContain("Keine Daten im Zeitraum");
    expect(text).toContain("noch keine Scans");
  });
});

describe("statsPdf", () => {
  it("spreads 1000 locations over pages with the table header repeated, all inside the pages", async () => {
    const zero = { nfc: 0, qr: 0, withPin: 0 };
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`);
    const pdf = await statsPdf({
      locale: "en",
      partnerName: "Kette mit vielen Filialen",
      selection: { kind: "all" },
      companies: 1,
      franchise: false,
      createdAt: new Date("2026-12-03T09:00:00Z"),
      stats: {
        month: "2026-12",
        location: null,
        scope: "own",
        locations: null,
        cardOwners: 123_456,
        cardsRedeemed: 9_876,
        scans: 1_234_567,
        sales: 123_456_789,
        averageReceiptCents: 800,
        averageReceiptIsDefault: true,
        maxPoints: 20,
        pointsDistribution: Array.from({ length: 21 }, (_, p) => ({ points: p, cards: 1000 * p })),
        scanFrequency: {
          last24h: 4_000,
          month: 1_234_567,
          total: 9_999_999,
          since: "2024-01-02",
          perDaySinceStart: 9_876.5,
        },
        pointOrigin: zero,
        customers: { active: 50_000, new: 1_000, returning: 49_000 },
        outstanding: { fullCards: 20_000, openPoints: 1_600_000, points: 2_000_000 },
      },
      scanHistoryPeriod: "week",
      scanHistory: Array.from({ length: 12 }, (_, i) => ({
        period: `2026-W${40 + i}`,
        start: "2026-10-05",
        scans: 100_000 * i,
        redeems: 0,
      })),
      redeemHistory: months.map((month, i) => ({ month, cardsRedeemed: 1000 * i })),
      redeemDilution: months.map((month, i) => ({
        month,
        pointsCollected: 20_000 * i,
        pointsRedeemed: 15_000 * i,
        rate: i === 0 ? null : 0.75,
      })),
      topCustomers: Array.from({ length: 10 }, (_, i) => ({
        customer: { name: i % 2 ? `Kundin Nummer ${i}` : null, number: 100_000 + i },
        collects: 500 - i,
        redeems: 50 - i,
        points: i,
        lastVisit: "2026-12-02T23:30:00Z",
      })),
      fraud: Array.from({ length: 80 }, (_, i) => ({
        day: "2026-12-01",
        rule: i % 2 ? ("pin_limit" as const) : ("unusual_daily" as const),
        occurrences: i + 1,
        location: { id: 1, name: "Filiale 1" },
        customer: { name: i % 3 ? null : `Kundin ${i + 1}`, number: i + 1 },
        lastAt: "2026-12-01T10:00:00Z",
      })),
      customerHistory: months.map((month, i) => ({
        month,
        newCustomers: 10 * i,
        returningCustomers: 1000 * i,
      })),
      pointBalance: {
        month: "2026-12",
        locations: Array.from({ length: 1000 }, (_, i) => ({
          id: i + 1,
          name: `Filiale ${i + 1} ${"mit einem wirklich sehr langen Namen ".repeat(i % 7 === 0 ? 4 : 0)}`,
          kind: "own" as const,
          companyName: "Kette mit vielen Filialen GmbH",
          cardsRedeemed: i,
          pointsCollected: 10 * i,
          pointsRedeemed: 5 * i,
          difference: 5 * i,
        })),
      },
    });
    const doc = mupdf.Document.openDocument(pdf, "application/pdf");
    const pages = doc.countPages();
    expect(pages).toBeGreaterThan(15);
    const texts: string[] = [];
    for (let i = 0; i < pages; i++) {
      const page = doc.loadPage(i);
      const [, , width, height] = page.getBounds();
      const structured = JSON.parse(page.toStructuredText("preserve-whitespace").asJSON()) as {
        blocks: { bbox: { x: number; y: number; w: number; h: number } }[];
      };
      for (const { bbox } of structured.blocks) {
        expect(bbox.x).toBeGreaterThanOrEqual(0);
        expect(bbox.x + bbox.w).toBeLessThanOrEqual(width);
        expect(bbox.y + bbox.h).toBeLessThanOrEqual(height - 20);
      }
      texts.push(page.toStructuredText("preserve-whitespace").asText().replace(/\s+/g, " "));
    }
    expect(texts[0]).toContain("1,234,567");
    expect(texts[0]).toContain("€1,234,567.89");
    texts.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages}`);
    });
    // Every page after the one the table starts on continues it (the sections above it move the
    // start when their texts grow).
    const start = texts.findIndex((text) => text.includes("Point balance per location"));
    expect(start).toBeGreaterThan(0);
    for (const text of texts.slice(start + 1)) expect(text).toContain("(continued)");
    const all = texts.join(" ");
    expect(all).toContain("Filiale 1000 999 9,990 4,995 4,995");
    expect(all).toContain("Total 499,500 4,995,000 2,497,500 2,497,500");
    // Last visit 23:30 UTC on 2 December is 3 December in Germany.
    expect(all).toContain("Top customers (all locations, since the start)");
    // A customer by the name they share, else by their number at the partner; never a wallet address.
    expect(all).toMatch(/Kundin Nummer 1 499 49 1 03\/12\/2026/);
    expect(all).toMatch(/Customer 100000 500 50 0 03\/12\/2026/);
    expect(all).not.toContain("0x");
    expect(texts.at(-1)).toContain("Unusual activity in December 2026 (continued)");
    expect(texts.at(-1)).toContain("Customer 80 PIN limit reached 01/12/2026 Filiale 1 80");
    expect(texts.at(-1)).toContain("Kundin 79 Unusually frequent 01/12/2026 Filiale 1 79");
    expect(texts[0]).toContain(
      "Outstanding rewards (all locations): 20,000 full cards and 1,600,000 open points.",
    );
  });
});
