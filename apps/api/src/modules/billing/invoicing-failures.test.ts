import { addMonths, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { billedPartner } from "../../test/billing.ts";
import { build, type TestApp } from "../../test/build.ts";
import { runMonthlyInvoicing } from "./invoicing.ts";

let t: TestApp;
const ids: number[] = [];
const lastMonth = addMonths(berlinMonth(new Date()), -1);

const run = (beforeCommit?: (companyId: number) => void) =>
  runMonthlyInvoicing(t.db, {
    month: lastMonth,
    provider: t.config.provider,
    publicUrl: t.config.publicUrl,
    ...(beforeCommit ? { beforeCommit } : {}),
  });

beforeAll(async () => {
  t = await build();
  for (let i = 0; i < 3; i++) {
    ids.push((await billedPartner(t)).id);
  }
}, 120_000);

describe("a partner whose invoice fails", () => {
  it("is rolled back with its number and reported; the others are billed; the next run bills it without a gap", async () => {
    const failing = ids[1]!;
    const first = await run((companyId) => {
      if (companyId === failing) throw new Error("PDF storage refused");
    });
    expect(first.failed).toEqual([
      { companyId: failing, name: expect.any(String), error: "PDF storage refused" },
    ]);
    expect(first.issued).toHaveLength(2);
    const billed = rowsOf<{ company_id: number }>(
      await t.db.execute(sql`select company_id::int from invoices order by number`),
    );
    expect(billed.map((b) => b.company_id)).toEqual([ids[0], ids[2]]);

    const retry = await run();
    expect(retry).toMatchObject({ issued: [expect.any(Number)], skipped: 2, failed: [] });
    const numbers = rowsOf<{ number: string }>(
      await t.db.execute(sql`select number from invoices order by number`),
    ).map((r) => r.number);
    const year = new Date().getFullYear();
    expect(numbers).toEqual([1, 2, 3].map((n) => `${year}-${String(n).padStart(6, "0")}`));
  });
});
