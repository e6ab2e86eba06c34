import { addMonths, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { runMonthlyInvoicing } from "../../modules/billing/invoicing.ts";
import { switchCollectiveInvoicing } from "../../modules/franchise/service.ts";
import { type Database, rowsOf } from "../client.ts";
import type { DemoConfig } from "./accounts.ts";
import { backdateGoLive } from "./go-live.ts";

/**
 * The demo partner has been live since the start of its simulated months: its approval and
 * locations are dated back, and every completed month is billed by the real invoicing run on the
 * 2nd of the month after, once that has come (on the 1st the month before waits for the
 * scheduler, as a real partner's does; debits that are due count as paid). Only when it has no
 * invoices yet.
 */
export async function seedDemoInvoices(
  db: Database,
  companyId: number,
  months: number,
  config: DemoConfig,
  now = new Date(),
): Promise<number> {
  if (await hasInvoices(db, companyId)) return 0;
  const firstMonth = demoFirstMonth(months, now);
  await backdateGoLive(db, companyId, new Date(`${firstMonth}T08:00:00+01:00`), {
    locations: true,
    mandate: true,
  });
  const issued = await billMonths(db, firstMonth, config, now);
  await settle(db, [companyId], now);
  return issued;
}

/**
 * The demo franchise network's invoices (docs/decisions/008-franchise-model.md, sections 5 and 7):
 * the master switched collective invoicing on before the first simulated month and, on the 5th of
 * it, off again, both through the real switch at those times; so the first month is one collective
 * invoice of the master with a group per franchisee, and every later month brings each company its
 * own. Go-lives must be dated back to the first month already (the network's statistics do that).
 * Only when the master has no invoices yet. The franchisees' termination windows of then stay (they
 * closed long ago); the switch's mails went out then, so they leave the outbox, and of the invoice
 * mails only each company's newest stays.
 */
export async function seedDemoNetworkInvoices(
  db: Database,
  network: { masterId: number; masterUserId: number | null; franchiseeIds: number[] },
  months: number,
  config: DemoConfig,
  now = new Date(),
): Promise<number> {
  if (await hasInvoices(db, network.masterId)) return 0;
  const firstMonth = addMonths(berlinMonth(now), -months);
  const switchAt = async (at: Date, enabled: boolean) =>
    db.transaction((tx) =>
      switchCollectiveInvoicing(tx, { companyId: network.masterId, userId: network.masterUserId }, enabled, {
        publicUrl: config.publicUrl,
        now: at,
      }),
    );
  await switchAt(new Date(`${addMonths(firstMonth, -1).slice(0, 8)}20T10:00:00+01:00`), true);
  await switchAt(new Date(`${firstMonth.slice(0, 8)}05T10:00:00+01:00`), false);
  const ids = [network.masterId, ...network.franchiseeIds];
  // Those mails went out back then.
  await db.execute(sql`
    delete from mail_outbox where template = 'collective-invoicing'
      and to_address in (select email from users where company_id in (${sql.join(ids, sql`, `)}))`);
  const issued = await billMonths(db, firstMonth, config, now);
  await settle(db, ids, now);
  return issued;
}

/** The first day (YYYY-MM-DD) of the first of `months` simulated months before `now`'s month. */
export const demoFirstMonth = (months: number, now = new Date()) => addMonths(berlinMonth(now), -months);

/** Whether the company has any invoice already (then the demo bills nothing more). */
export async function hasInvoices(db: Database, companyId: number): Promise<boolean> {
  const [existing] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from invoices where company_id = ${companyId}`),
  );
  return !existing || existing.n > 0;
}

/** When the demo bills `month` (YYYY-MM-01): the invoicing run on the 2nd of the month after. */
export const demoInvoicingRunAt = (month: string) =>
  new Date(`${addMonths(month, 1).slice(0, 8)}02T07:00:00+01:00`);

/** How many of the `months` simulated months before `now`'s are billed: the last once its run has come. */
export const demoBilledMonths = (months: number, now = new Date()) =>
  months - (demoInvoicingRunAt(addMonths(berlinMonth(now), -1)) > now ? 1 : 0);

/**
 * Every completed month from `firstMonth` whose run has come, billed by the real run then: never
 * an invoice issued after `now`.
 */
async function billMonths(db: Database, firstMonth: string, config: DemoConfig, now: Date): Promise<number> {
  let issued = 0;
  for (let month = firstMonth; month < berlinMonth(now); month = addMonths(month, 1)) {
    const runAt = demoInvoicingRunAt(month);
    if (runAt > now) break;
    const result = await runMonthlyInvoicing(db, {
      month,
      provider: config.provider,
      publicUrl: config.publicUrl,
      now: runAt,
    });
    issued += result.issued.length;
  }
  return issued;
}

/**
 * Of the months of invoice mails only the newest stays in the outbox (the others were "sent" back
 * then), and debits already due count as paid.
 */
async function settle(db: Database, companyIds: number[], now: Date): Promise<void> {
  for (const companyId of companyIds) {
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
  }
}
