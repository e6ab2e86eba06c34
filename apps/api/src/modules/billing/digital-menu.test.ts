import { addMonths, berlinMonth } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../db/schema/index.ts";
import { billedPartner } from "../../test/billing.ts";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let partner: Awaited<ReturnType<typeof billedPartner>>;
const lastMonth = addMonths(berlinMonth(new Date()), -1);

const book = (locationId: number, enabled: unknown, headers: Record<string, string> = admin.headers) =>
  t.inject({
    method: "PUT",
    url: `/api/admin/locations/${locationId}/digital-menu`,
    headers,
    payload: { enabled },
  });

beforeAll(async () => {
  t = await build();
  admin = await signedInAdmin(t);
  partner = await billedPartner(t);
}, 120_000);

describe("digital menu booking", () => {
  it("only the provider team books it; bad input and unknown locations get 4xx", async () => {
    expect((await book(partner.locationId, true, partner.headers)).statusCode).toBe(403);
    const bad = await book(partner.locationId, "ja");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.enabled).toHaveLength(1);
    expect((await book(999_999, true)).statusCode).toBe(404);
  });

  it("is booked from today, shown on the console's partner page, and ended again", async () => {
    const on = await book(partner.locationId, true);
    expect(on.statusCode).toBe(200);
    const since = on.json().data.digital_menu_since as string;
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await book(partner.locationId, true)).json().data.digital_menu_since).toBe(since);
    const review = await t.inject({ url: `/api/admin/partners/${partner.id}`, headers: admin.headers });
    expect(review.json().data.locations[0].digital_menu_since).toBe(since);
    const off = await book(partner.locationId, false);
    expect(off.json().data.digital_menu_since).toBeNull();
  });

  it("a month with a booked day is billed 36 EUR net for the location", async () => {
    // A partner of its own, booked and ended today, the booking then moved to the middle of last month.
    const own = await billedPartner(t);
    expect((await book(own.locationId, true)).statusCode).toBe(200);
    expect((await book(own.locationId, false)).statusCode).toBe(200);
    await t.db.execute(sql`
      update digital_menu_bookings set starts_on = ${lastMonth}::date + 14, ends_on = ${lastMonth}::date + 20
      where location_id = ${own.locationId}`);
    await runMonthlyInvoicing(t.db, {
      month: lastMonth,
      provider: t.config.provider,
      publicUrl: t.config.publicUrl,
    });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.companyId, own.id));
    expect(invoice!.lines).toContainEqual(
      expect.objectContaining({ kind: "digital_menu", quantity: 1, unitCents: 3600, totalCents: 3600 }),
    );
    // 6 EUR location minimum + 36 EUR menu, plus 19 % VAT.
    expect(invoice).toMatchObject({ netCents: 4200, vatCents: 798, grossCents: 4998 });
  });
});
