import {
  addDays,
  addMonths,
  berlinDateTimeText,
  berlinMonth,
  FRANCHISE,
  type FranchiseView,
  type Locale,
  localeTag,
  type Viewer,
} from "@stempla/domain";
import { and, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { collectiveInvoicingPeriods } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { type MailContent, partnerRecipients, queueMails } from "../mail/service.ts";
import { franchiseView } from "./franchise-view.ts";

// Collective invoicing per Berlin month (docs/decisions/008-franchise-model.md, section 5): a switch
// writes the setting of the next month, so the setting of a month is fixed before it begins and an
// invoice of a completed month never sees a change. Billing and GET /dashboard/franchise read it here.

/** The setting of month `month` (YYYY-MM-01): the row with the greatest effective_from <= month, else off. */
export async function collectiveInvoicingIn(db: Database, masterId: number, month: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: collectiveInvoicingPeriods.enabled })
    .from(collectiveInvoicingPeriods)
    .where(
      and(
        eq(collectiveInvoicingPeriods.masterCompanyId, masterId),
        lte(collectiveInvoicingPeriods.effectiveFrom, month),
      ),
    )
    .orderBy(desc(collectiveInvoicingPeriods.effectiveFrom))
    .limit(1);
  return row?.enabled ?? false;
}

/** The same rule as SQL, for a master id expression in a larger query (billing's candidates). */
export function collectiveInvoicingSql(masterId: SQL, month: string | SQL): SQL<boolean> {
  const first = typeof month === "string" ? sql`${month}::date` : month;
  return sql<boolean>`coalesce((select p.enabled from collective_invoicing_periods p
    where p.master_company_id = ${masterId} and p.effective_from <= ${first}
    order by p.effective_from desc limit 1), false)`;
}

/**
 * Whether a franchisee's month goes on its master's invoice: collective invoicing is on for it and
 * the master is billable in it (live before the month ends, its contract not ended before it
 * begins). Billing, the franchisee's invoices page and GET /dashboard/franchise all ask this, so
 * "who pays" reads the same everywhere.
 */
export function masterPaysSql(masterId: SQL, month: string | SQL): SQL<boolean> {
  const first = typeof month === "string" ? sql`${month}::date` : month;
  return sql<boolean>`(${collectiveInvoicingSql(masterId, first)}
    and exists (select 1 from companies m left join terminations mt on mt.company_id = m.id
      where m.id = ${masterId} and m.live_since is not null
        and m.live_since < ((${first} + interval '1 month')::timestamp at time zone ${BERLIN})
        and (mt.ends_on is null or mt.ends_on >= ${first})))`;
}

/** `masterPaysSql` for one master and month. */
export async function masterPaysIn(db: Database, masterId: number, month: string): Promise<boolean> {
  const [row] = rowsOf<{ pays: boolean }>(
    await db.execute(sql`select ${masterPaysSql(sql`${masterId}::bigint`, month)} as pays`),
  );
  return row?.pays === true;
}

/** The month a switch at `now` applies to: the next one, or this one for a master never billed. */
export function switchMonth(now: Date, liveSince: Date | null): string {
  const month = berlinMonth(now);
  return liveSince === null ? month : addMonths(month, 1);
}

const monthText = (locale: Locale, month: string) =>
  new Intl.DateTimeFormat(localeTag(locale), { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}T00:00:00Z`),
  );
const dayText = (locale: Locale, day: string) =>
  new Intl.DateTimeFormat(localeTag(locale), { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

interface SwitchFacts {
  enabled: boolean;
  month: string;
  masterName: string;
  franchisees: number;
  /** When the franchisees' extraordinary termination windows close (switch-off only). */
  windowClosesAt: Date | null;
  link: string;
}

/** To the master: what it switched and from when. */
export function masterSwitchMail(locale: Locale, f: SwitchFacts): MailContent {
  const month = monthText(locale, f.month);
  if (locale === "de")
    return {
      subject: `Stempla: Sammelabrechnung ab ${month} ${f.enabled ? "eingeschaltet" : "ausgeschaltet"}`,
      paragraphs: [
        "Guten Tag,",
        f.enabled
          ? `Sie haben die Sammelabrechnung ab ${month} eingeschaltet. Ab dann stehen die Standorte, Scans und Hardware Ihrer Franchisenehmer als eigene Abschnitte auf Ihrer monatlichen Rechnung; Ihre Franchisenehmer erhalten für diese Monate keine eigene Rechnung.`
          : `Sie haben die Sammelabrechnung ab ${month} ausgeschaltet. Ab dann erhält jeder Ihrer Franchisenehmer eine eigene monatliche Rechnung.${f.windowClosesAt ? ` Ihre Franchisenehmer können ihren Vertrag innerhalb von ${FRANCHISE.extraordinaryNoticeDays} Tagen außerordentlich kündigen.` : ""}`,
        ...(f.franchisees === 0
          ? []
          : [
              `Wir haben ${f.franchisees === 1 ? "Ihren Franchisenehmer" : `Ihre ${f.franchisees} Franchisenehmer`} per E-Mail informiert.`,
            ]),
      ],
      action: { label: "Franchise im Dashboard ansehen", url: f.link },
    };
  return {
    subject: `Stempla: collective invoicing ${f.enabled ? "switched on" : "switched off"} from ${month}`,
    paragraphs: [
      "Hello,",
      f.enabled
        ? `You switched collective invoicing on from ${month}. From then on, your franchisees' locations, scans and hardware appear as sections of their own on your monthly invoice; your franchisees receive no invoice of their own for these months.`
        : `You switched collective invoicing off from ${month}. From then on, each of your franchisees receives its own monthly invoice.${f.windowClosesAt ? ` Your franchisees may terminate their contracts extraordinarily within ${FRANCHISE.extraordinaryNoticeDays} days.` : ""}`,
      ...(f.franchisees === 0
        ? []
        : [
            `We have informed ${f.franchisees === 1 ? "your franchisee" : `your ${f.franchisees} franchisees`} by email.`,
          ]),
    ],
    action: { label: "View the franchise in the dashboard", url: f.link },
  };
}

/** To a franchisee: who pays from when, and after a switch-off the extraordinary termination. */
export function franchiseeSwitchMail(locale: Locale, f: SwitchFacts): MailContent {
  const month = monthText(locale, f.month);
  const lastDay = dayText(locale, addDays(f.month, -1));
  const closes = f.windowClosesAt ? berlinDateTimeText(f.windowClosesAt, locale) : "";
  if (locale === "de")
    return f.enabled
      ? {
          subject: `Stempla: Ab ${month} über ${f.masterName} abgerechnet`,
          paragraphs: [
            "Guten Tag,",
            `${f.masterName} hat die Sammelabrechnung ab ${month} eingeschaltet. Ab dann erhalten Sie von uns keine eigene Rechnung mehr: Ihre Standorte, Scans und Hardware stehen zu denselben Preisen auf der Rechnung von ${f.masterName}.`,
          ],
          action: { label: "Zum Dashboard", url: f.link },
        }
      : {
          subject: `Stempla: Ab ${month} erhalten Sie Ihre eigene Rechnung`,
          paragraphs: [
            "Guten Tag,",
            `${f.masterName} hat die Sammelabrechnung ab ${month} ausgeschaltet. Ab dann erhalten Sie jeden Monat Ihre eigene Rechnung, die wir per SEPA-Lastschrift einziehen.`,
            // A switch-off that only undoes a pending switch-on changes nothing for them: no window.
            ...(f.windowClosesAt
              ? [
                  `Deshalb können Sie Ihren Vertrag bis ${closes} Uhr außerordentlich kündigen. Er endet dann zum ${lastDay}, ohne Gebühr.`,
                ]
              : []),
          ],
          action: { label: "Vertrag im Dashboard ansehen", url: f.link },
        };
  return f.enabled
    ? {
        subject: `Stempla: billed via ${f.masterName} from ${month}`,
        paragraphs: [
          "Hello,",
          `${f.masterName} switched collective invoicing on from ${month}. From then on, you receive no invoice of your own from us: your locations, scans and hardware appear at the same prices on ${f.masterName}'s invoice.`,
        ],
        action: { label: "Go to the dashboard", url: f.link },
      }
    : {
        subject: `Stempla: your own invoice from ${month}`,
        paragraphs: [
          "Hello,",
          `${f.masterName} switched collective invoicing off from ${month}. From then on, you receive your own invoice every month, which we collect by SEPA direct debit.`,
          ...(f.windowClosesAt
            ? [
                `You may therefore terminate your contract extraordinarily until ${closes}. It then ends on ${lastDay}, without a fee.`,
              ]
            : []),
        ],
        action: { label: "View the contract in the dashboard", url: f.link },
      };
}

/**
 * Switches a master's collective invoicing for the month the switch applies to, in the caller's
 * transaction: writes that month's row (deleted when it equals the month before, so the periods
 * stay minimal), mails the master and every franchisee in their language, and opens each
 * franchisee's extraordinary termination window when the master stops paying for them, or closes
 * the open windows when it switches back on before the period starts. A switch that changes nothing
 * writes and mails nothing.
 */
export async function switchCollectiveInvoicing(
  tx: Database,
  master: { companyId: number; userId: number | null },
  enabled: boolean,
  opts: { publicUrl: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  // One switch per master at a time; billing locks the master's row as well (section 5).
  const [company] = rowsOf<{ name: string; type: string; live_since: string | null }>(
    await tx.execute(
      sql`select name, type, live_since from companies where id = ${master.companyId} for update`,
    ),
  );
  if (!company) throw HttpError.notFound();
  if (company.type !== "master") throw notAMaster();
  const month = switchMonth(now, company.live_since === null ? null : new Date(company.live_since));
  const before = await collectiveInvoicingIn(tx, master.companyId, addMonths(month, -1));
  const was = await collectiveInvoicingIn(tx, master.companyId, month);
  if (was === enabled) return;
  const scope = and(
    eq(collectiveInvoicingPeriods.masterCompanyId, master.companyId),
    eq(collectiveInvoicingPeriods.effectiveFrom, month),
  );
  if (enabled === before) await tx.delete(collectiveInvoicingPeriods).where(scope);
  else
    await tx
      .insert(collectiveInvoicingPeriods)
      .values({
        masterCompanyId: master.companyId,
        effectiveFrom: month,
        enabled,
        chosenByUserId: master.userId,
        chosenAt: now,
      })
      .onConflictDoUpdate({
        target: [collectiveInvoicingPeriods.masterCompanyId, collectiveInvoicingPeriods.effectiveFrom],
        set: { enabled, chosenByUserId: master.userId, chosenAt: now },
      });
  // Registered franchisees whose contract has not ended before the month.
  const franchisees = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select c.id::int from companies c left join terminations t on t.company_id = c.id
      where c.master_id = ${master.companyId} and c.franchise_joined_at is not null
        and (t.ends_on is null or t.ends_on >= ${month}::date)
      order by c.id`),
  ).map((r) => r.id);

  let windowClosesAt: Date | null = null;
  // Only when the master really paid for them in the month before (a master never billed did not,
  // whatever its setting said): then each may leave within the notice days (section 1).
  if (
    !enabled &&
    franchisees.length > 0 &&
    (await masterPaysIn(tx, master.companyId, addMonths(month, -1)))
  ) {
    windowClosesAt = new Date(now.getTime() + FRANCHISE.extraordinaryNoticeDays * 86_400_000);
    await tx.execute(sql`
      insert into franchise_termination_windows (franchisee_company_id, effective_from, opens_at, closes_at)
      select c.id, ${month}::date, ${now.toISOString()}::timestamptz, ${windowClosesAt.toISOString()}::timestamptz
      from companies c where c.id in (${sql.join(
        franchisees.map((id) => sql`${id}`),
        sql`, `,
      )})
      on conflict (franchisee_company_id, effective_from) do update
        set opens_at = excluded.opens_at, closes_at = excluded.closes_at
        where franchise_termination_windows.used_at is null`);
  }
  if (enabled) {
    // Switched back on before the period starts: the reason for leaving is gone.
    await tx.execute(sql`
      update franchise_termination_windows w set closes_at = ${now.toISOString()}::timestamptz
      from companies c
      where c.id = w.franchisee_company_id and c.master_id = ${master.companyId}
        and w.effective_from = ${month}::date and w.used_at is null
        and w.closes_at > ${now.toISOString()}::timestamptz`);
  }

  const facts = (locale: Locale, path: string): SwitchFacts => ({
    enabled,
    month,
    masterName: company.name,
    franchisees: franchisees.length,
    windowClosesAt,
    link: `${opts.publicUrl}/${locale}/${path}`,
  });
  const localeOf = (l: string): Locale => (l === "en" ? "en" : "de");
  const mails = (await partnerRecipients(tx, master.companyId)).map((r) => {
    const locale = localeOf(r.locale);
    return {
      template: "collective-invoicing",
      locale,
      to: r.email,
      content: masterSwitchMail(locale, facts(locale, "franchisors")),
    };
  });
  for (const id of franchisees) {
    for (const r of await partnerRecipients(tx, id)) {
      const locale = localeOf(r.locale);
      mails.push({
        template: "collective-invoicing",
        locale,
        to: r.email,
        content: franchiseeSwitchMail(locale, facts(locale, enabled ? "dashboard" : "company")),
      });
    }
  }
  await queueMails(tx, mails);
}

const notAMaster = () => new HttpError(403, { code: "not_a_master", messageKey: "franchise.notAMaster" });

/** PUT /dashboard/franchise/collective-invoicing: the switch and the master's view after it. */
export async function setCollectiveInvoicing(
  db: Database,
  viewer: Viewer,
  enabled: boolean,
  opts: { publicUrl: string; now?: Date },
): Promise<FranchiseView> {
  if (viewer.type !== "master") throw notAMaster();
  return db.transaction(async (tx) => {
    await switchCollectiveInvoicing(
      tx,
      { companyId: viewer.companyId, userId: viewer.userId },
      enabled,
      opts,
    );
    return franchiseView(tx, viewer, opts.now);
  });
}
