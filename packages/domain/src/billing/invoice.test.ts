import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { composeInvoice, creditNoteOf, defaultInterestCents } from "./invoice.ts";

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
