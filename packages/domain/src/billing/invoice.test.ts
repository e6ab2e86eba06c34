import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vatOf } from "../pricing/monthly-price.ts";
import { composeCollectiveInvoice, composeInvoice, creditNoteOf, defaultInterestCents } from "./invoice.ts";

const usage = fc.integer({ min: 0, max: 40 }).chain((locations) =>
  fc.record({
    locations: fc.constant(locations),
    scans: fc.integer({ min: 0, max: 200_000 }),
    digitalMenuLocations: fc.integer({ min: 0, max: locations }),
  }),
);
const hardware = fc.record({
  chipCard: fc.integer({ min: 0, max: 20 }),
  stand: fc.integer({ min: 0, max: 20 }),
  sticker: fc.integer({ min: 0, max: 50 }),
});

describe("composeCollectiveInvoice", () => {
  it("is the master's invoice plus each franchisee's as billed alone, grouped; VAT once on the net total", () => {
    fc.assert(
      fc.property(usage, fc.array(fc.tuple(usage, hardware), { maxLength: 4 }), (own, franchisees) => {
        const groups = franchisees.map(([u, h], i) => ({
          key: `company:${i + 10}`,
          title: `Filiale ${i}`,
          input: { usage: u, hardware: h },
        }));
        const invoice = composeCollectiveInvoice({ own: { usage: own }, groups });
        const alone = composeInvoice({ usage: own });
        expect(invoice.lines.filter((l) => !l.group)).toEqual(alone.lines);
        for (const g of groups) {
          const lines = invoice.lines.filter((l) => l.group?.key === g.key);
          expect(lines.map(({ group: _, ...l }) => l)).toEqual(composeInvoice(g.input).lines);
          expect(lines.every((l) => l.group?.title === g.title)).toBe(true);
        }
        const net = alone.netCents + groups.reduce((s, g) => s + composeInvoice(g.input).netCents, 0);
        expect(invoice.netCents).toBe(net);
        expect(invoice.vatCents).toBe(vatOf(net));
        expect(invoice.grossCents).toBe(net + invoice.vatCents);
      }),
    );
  });

  it("keeps the groups on a credit note", () => {
    const invoice = composeCollectiveInvoice({
      own: { usage: { locations: 1, scans: 10, digitalMenuLocations: 0 } },
      groups: [
        {
          key: "company:7",
          title: "Filiale Hafen",
          input: { usage: { locations: 2, scans: 200, digitalMenuLocations: 0 } },
        },
      ],
    });
    const credit = creditNoteOf(invoice);
    expect(credit.lines.map((l) => l.group?.key)).toEqual(invoice.lines.map((l) => l.group?.key));
    expect(credit.grossCents).toBe(-invoice.grossCents);
  });
});

describe("composeInvoice", () => {
  it("the spec's example: 2 locations, 102 scans = 12.08 EUR net, 2.30 VAT, 14.38 gross", () => {
    const invoice = composeInvoice({ usage: { locations: 2, scans: 102, digitalMenuLocations: 0 } });
    expect(invoice).toMatchObject({ netCents: 1208, vatCents: 230, grossCents: 1438 });
  });

  it("totals equal the sum of their lines; VAT is 19 % of net rounded to the cent", () => {
    fc.assert(
      fc.property(usage, hardware, fc.constantFrom(0, 3000, 20000), (u, h, fee) => {
        const invoice = composeInvoice({ usage: u, hardware: h, earlyTerminationCents: fee });
        expect(invoice.netCents).toBe(invoice.lines.reduce((s, l) => s + l.totalCents, 0));
        for (const l of invoice.lines) expect(l.totalCents).toBe(l.quantity * l.unitCents);
        expect(invoice.grossCents).toBe(invoice.netCents + invoice.vatCents);
        expect(Math.abs(invoice.vatCents - invoice.netCents * 0.19)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("every location costs at least 6 EUR; the 50 scans per location are pooled", () => {
    fc.assert(
      fc.property(usage, (u) => {
        const invoice = composeInvoice({ usage: u });
        const usageNet = invoice.netCents - 3600 * u.digitalMenuLocations;
        expect(usageNet).toBeGreaterThanOrEqual(600 * u.locations);
        expect(usageNet).toBe(600 * u.locations + 4 * Math.max(0, u.scans - 50 * u.locations));
      }),
    );
  });

  it("an order is billed at the price it was placed at, one line per item and price", () => {
    const invoice = composeInvoice({
      usage: { locations: 1, scans: 0, digitalMenuLocations: 0 },
      hardwareOrders: [
        { item: "stand", quantity: 1, unitCents: 450 },
        { item: "stand", quantity: 2, unitCents: 500 },
        { item: "sticker", quantity: 1, unitCents: 200 },
        { item: "stand", quantity: 1, unitCents: 450 },
      ],
    });
    expect(invoice.lines.slice(1).map((l) => [l.kind, l.quantity, l.unitCents, l.totalCents])).toEqual([
      ["hardware_stand", 2, 450, 900],
      ["hardware_stand", 2, 500, 1000],
      ["hardware_sticker", 1, 200, 200],
    ]);
    expect(() =>
      composeInvoice({
        usage: { locations: 1, scans: 0, digitalMenuLocations: 0 },
        hardwareOrders: [{ item: "stand", quantity: -1, unitCents: 500 }],
      }),
    ).toThrow(RangeError);
  });

  it("hardware and the early-termination fee are their own lines", () => {
    const invoice = composeInvoice({
      usage: { locations: 1, scans: 10, digitalMenuLocations: 0 },
      hardware: { stand: 2, sticker: 3 },
      earlyTerminationCents: 3000,
    });
    expect(invoice.lines.map((l) => [l.kind, l.totalCents])).toEqual([
      ["location_minimum", 600],
      ["hardware_stand", 1000],
      ["hardware_sticker", 600],
      ["early_termination", 3000],
    ]);
  });

  it("a credit note is the exact negative of the invoice", () => {
    fc.assert(
      fc.property(usage, hardware, (u, h) => {
        const invoice = composeInvoice({ usage: u, hardware: h });
        const credit = creditNoteOf(invoice);
        expect(credit.netCents).toBe(-invoice.netCents);
        expect(credit.vatCents).toBe(-invoice.vatCents);
        expect(credit.grossCents).toBe(-invoice.grossCents);
      }),
    );
  });
});

describe("defaultInterestCents", () => {
  it("9 points over the base rate per day", () => {
    // 1,000.00 EUR at 1.27 % + 9 % for 30 days = 8.44 EUR.
    expect(defaultInterestCents(100_000, 1.27, 30)).toBe(844);
    expect(defaultInterestCents(100_000, 1.27, 0)).toBe(0);
  });
});
