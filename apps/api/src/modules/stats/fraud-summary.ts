import { berlinDay, type CustomerRef, customerLabel, type FraudRule, type Locale } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import type { MailContent } from "../mail/service.ts";
import { queueMails } from "../mail/service.ts";

interface ClaimedEvent {
  day: string;
  rule: FraudRule;
  occurrences: number;
  location_name: string;
  /** Null for a PIN lock, which many customers' wrong PINs cause together. */
  customer: CustomerRef | null;
}

const texts = {
  de: {
    subject: (n: number) =>
      `Stempla: ${n} ${n === 1 ? "Auffälligkeit" : "Auffälligkeiten"} bei Ihren Stempelkarten`,
    intro:
      "bei folgenden Kundinnen und Kunden ist uns beim Punktesammeln etwas aufgefallen. Das muss kein Betrug sein – ein Blick lohnt sich trotzdem:",
    pin_limit: (n: number) => `PIN-Limit erreicht (${n}×): weitere Punkte nur mit Mitarbeiter-PIN`,
    unusual_daily: (n: number) => `${n} Sammlungen an einem Tag`,
    pin_locked: (n: number) =>
      `Personal-PIN nach ${n} falschen Eingaben gesperrt – bitte legen Sie eine neue PIN fest`,
    manyCustomers: "mehrere Kunden",
    action: "Zur Übersicht im Dashboard",
    after: "Sie erhalten diese Zusammenfassung einmal täglich, nur wenn es etwas zu berichten gibt.",
    date: (day: string) => day.split("-").reverse().join("."),
  },
  en: {
    subject: (n: number) =>
      `Stempla: ${n} unusual ${n === 1 ? "activity" : "activities"} on your stamp cards`,
    intro:
      "we noticed something while these customers collected points. It need not be fraud, but it is worth a look:",
    pin_limit: (n: number) => `PIN limit reached (${n}×): more points only with the staff PIN`,
    unusual_daily: (n: number) => `${n} collections in one day`,
    pin_locked: (n: number) => `Staff PIN locked after ${n} wrong entries – please set a new PIN`,
    manyCustomers: "several customers",
    action: "Open the overview in the dashboard",
    after: "You receive this summary once a day, and only when there is something to report.",
    date: (day: string) => day,
  },
} satisfies Record<Locale, unknown>;

export function fraudSummaryMail(locale: Locale, events: ClaimedEvent[], link: string): MailContent {
  const t = texts[locale];
  return {
    subject: t.subject(events.length),
    paragraphs: [locale === "de" ? "Guten Tag," : "Hello,", t.intro],
    facts: events.map((e) => [
      `${t.date(e.day)} · ${e.location_name} · ${e.customer ? customerLabel(e.customer, locale) : t.manyCustomers}`,
      t[e.rule](e.occurrences),
    ]),
    action: { label: t.action, url: link },
    afterAction: [t.after],
  };
}

/**
 * The daily summary of fraud events: for every partner with events of past days not yet
 * reported, one mail to its logins. Claiming the events (notified_at) and queueing the mail
 * happen in one transaction per partner, so a second or concurrent run sends nothing twice.
 */
export async function sendFraudSummaries(db: Database, publicUrl: string, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  const companies = rowsOf<{ company_id: number }>(
    await db.execute(sql`
      select distinct company_id::int from fraud_events where notified_at is null and day < ${today}::date`),
  );
  let mails = 0;
  for (const { company_id: companyId } of companies) {
    mails += await db.transaction(async (tx) => {
      const events = rowsOf<ClaimedEvent & { app_user_id: number; location_id: number }>(
        await tx.execute(sql`
          with claimed as (
            update fraud_events set notified_at = ${now.toISOString()}::timestamptz
            where company_id = ${companyId} and notified_at is null and day < ${today}::date
            returning day, rule, occurrences, location_id, app_user_id
          )
          select to_char(c.day, 'YYYY-MM-DD') as day, c.rule, c.occurrences, l.name as location_name,
            -- As the statistics name customers: the shared name, else the number at the partner.
            case when k.id is null then null else json_build_object(
              'name', case when k.share_contact then nullif(trim(concat_ws(' ', u.first_name, u.surname)), '') end,
              'number', k.customer_number) end as customer
          from claimed c
          join locations l on l.id = c.location_id
          left join app_users u on u.id = c.app_user_id
          left join cards k on k.company_id = ${companyId} and k.app_user_id = c.app_user_id
          order by c.day, l.name, c.rule`),
      );
      if (events.length === 0) return 0;
      const recipients = rowsOf<{ email: string; locale: string }>(
        await tx.execute(
          sql`select email, locale from users where company_id = ${companyId} and role = 'partner'`,
        ),
      );
      await queueMails(
        tx,
        recipients.map((r) => {
          const locale: Locale = r.locale === "en" ? "en" : "de";
          const month = events.at(-1)!.day.slice(0, 7);
          return {
            template: "fraud-summary",
            locale,
            to: r.email,
            content: fraudSummaryMail(
              locale,
              events,
              `${publicUrl}/${locale}/dashboard?month=${month}#fraud`,
            ),
          };
        }),
      );
      return recipients.length;
    });
  }
  return mails;
}
