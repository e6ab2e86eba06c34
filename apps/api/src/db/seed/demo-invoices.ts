import { addMonths, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { runMonthlyInvoicing } from "../../modules/billing/invoicing.ts";
import { type Database, rowsOf } from "../client.ts";
import type { DemoConfig } from "./accounts.ts";
import { backdateGoLive } from "./go-live.ts";

/**
 * The demo partner has been live since the start of its simulated months: its approval and
 * locations are dated back, and every completed month is billed by the real invoicing run on the
 * 2nd of the month after (debits that are due count as paid). Only when it has no invoices yet.
 */
export async function seedDemoInvoices(
  db: Database,
  companyId: number,
  months: number,
  config: DemoConfig,
  now = new Date(),
): Promise<number> {
  const [existing] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from invoices where company_id = ${companyId}`),
  );
  if (!existing || existing.n > 0) return 0;
  const firstMonth = addMonths(berlinMonth(now), -months);
  await backdateGoLive(db, companyId, new Date(`${firstMonth}T08:00:00+01:00`), {
    locations: true,
    mandate: true,
  });
  let issued = 0;
  for (let month = firstMonth; month < berlinMonth(now); month = addMonths(month, 1)) {
    const runAt = new Date(`${addMonths(month, 1).slice(0, 8)}02T07:00:00+01:00`);
    const result = await runMonthlyInvoicing(db, {
      month,
      provider: config.provider,
      publicUrl: config.publicUrl,
      now: runAt,
    });
    issued += result.issued.length;
  }
  // Of the months of invoice mails only the newest stays in the outbox (the others were "sent" back then).
  const [latest] = rowsOf<{ number: string }>(
    await db.execute(
      sql`select number from invoices where company_id = ${companyId} order by id desc limit 1`,
    ),
  );
  await db.execute(sql`
    delete from mail_outbox where template = 'invoice' and subject not like ${`%${latest?.number ?? ""}`}
      and to_address in (select email from users where company_id = ${companyId})`);
  await db.execute(sql`
    update invoices set status = 'paid'
    where company_id = ${companyId} and debit_date < ${now.toISOString()}::timestamptz::date`);
  return issued;
}
