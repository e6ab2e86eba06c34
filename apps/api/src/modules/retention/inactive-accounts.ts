import { createHash } from "node:crypto";
import { INACTIVE_ACCOUNT_WARNINGS, type Locale, REVIEW } from "@stempla/domain";
import { desc, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { accountDeletions, inactivityWarnings } from "../../db/schema/index.ts";
import { type QueuedMail, queueMails } from "../mail/service.ts";
import { inactivityWarningMail } from "./inactivity-mail.ts";

// Inactive incomplete accounts (spec section 4: "Incomplete accounts inactive for 6 months may be
// deleted"; docs/product.md, "Terms and records"): two warnings, then the deletion, logged.

const DAY_MS = 86_400_000;

/**
 * Tables whose rows mean the account was billed or had a contract. Their foreign keys restrict
 * the deletion of the company, and an account with any such row is never deleted. A test checks
 * that every restricting foreign key onto companies is named here.
 */
export const CONTRACT_RECORD_TABLES = [
  "invoices",
  "hardware_orders",
  "terminations",
  "digital_menu_bookings",
  // Coupons and vouchers: offers, payout accounts, transfers and receipt numbers are business
  // records (docs/decisions/010-coupons-and-vouchers.md, section 6).
  "nft_offers",
  "nft_purchases",
  "nft_items",
  "nft_item_events",
  "nft_receipt_numbers",
  "nft_transfers",
  "payment_accounts",
];

/** Statistics tables keyed by company without a foreign key; deleted explicitly with the company. */
export const UNLINKED_COMPANY_TABLES = [
  "stats_months",
  "stats_days",
  "stats_hours",
  "stats_points",
  "stats_customer_seen",
];

interface Candidate {
  id: number;
  name: string;
  status: string;
  last_activity_at: Date;
}

/**
 * Accounts that may be deleted for inactivity: black or gray, never live (no approval, never
 * green or orange), no contract records, no franchisees, no open invitation; with their last activity (registration,
 * a login or a new session, the address confirmed, a change of company data), to the millisecond
 * so the value survives the round trip through JavaScript.
 */
async function candidates(
  db: Database,
  opts: { inactiveSince?: Date; companyId?: number },
): Promise<Candidate[]> {
  const noContract = sql.join(
    CONTRACT_RECORD_TABLES.map(
      (table) => sql`not exists (select 1 from ${sql.identifier(table)} r where r.company_id = c.id)`,
    ),
    sql` and `,
  );
  const rows = rowsOf<{ id: number | string; name: string; status: string; last_activity_at: string | Date }>(
    await db.execute(sql`
      select * from (
        select c.id, c.name, c.status,
          date_trunc('milliseconds', greatest(
            c.created_at, c.updated_at,
            max(u.created_at), max(u.last_login_at), max(u.email_verified_at),
            (select max(s.created_at) from sessions s join users su on su.id = s.user_id where su.company_id = c.id)
          )) as last_activity_at
        from companies c
        left join users u on u.company_id = c.id
        where c.status in ('black', 'gray')
          and c.live_since is null and c.approved_at is null
          and not exists (
            select 1 from status_events e where e.company_id = c.id and e.to_status in ('green', 'orange'))
          and not exists (select 1 from companies f where f.master_id = c.id)
          -- An invited franchisee's company waits for its registration; expired invitations are
          -- cleaned up on their own terms (docs/decisions/008-franchise-model.md, section 1).
          and not exists (
            select 1 from franchise_invitations i
            where i.franchisee_company_id = c.id and i.state in ('checking', 'sent'))
          and ${noContract}
          ${opts.companyId === undefined ? sql`` : sql`and c.id = ${opts.companyId}`}
        group by c.id
      ) a
      ${opts.inactiveSince ? sql`where a.last_activity_at <= ${opts.inactiveSince.toISOString()}::timestamptz` : sql``}
      order by a.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    status: r.status,
    last_activity_at: new Date(r.last_activity_at),
  }));
}

/** `at` plus calendar months (UTC), the day clamped to the target month's last day. */
export function addCalendarMonths(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

export interface CleanupResult {
  firstWarnings: number[];
  secondWarnings: number[];
  deleted: number[];
  failed: { companyId: number; error: unknown }[];
}

/**
 * The daily clean-up. An account inactive long enough gets the first warning
 * `firstWarningDaysBefore` the deletion date (inactivity months after the last activity), the
 * second `secondWarningDaysBefore` it, and is deleted on the date the second warning named, never
 * earlier than those periods after the mails actually went out. Warnings belong to the last
 * activity they were computed from, so any activity voids them and starts the clock again.
 * Idempotent: each warning is one row per account and activity (a second run finds it and sends
 * nothing), and the deletion re-checks the account under a row lock.
 */
export async function runInactiveAccountCleanup(
  db: Database,
  opts: { publicUrl: string; now?: Date },
): Promise<CleanupResult> {
  const now = opts.now ?? new Date();
  const months = REVIEW.inactiveIncompleteDeletionMonths;
  const { firstWarningDaysBefore, secondWarningDaysBefore } = INACTIVE_ACCOUNT_WARNINGS;
  const result: CleanupResult = { firstWarnings: [], secondWarnings: [], deleted: [], failed: [] };
  // Inactive long enough for at least the first warning: last activity + months - first warning days <= now.
  const inactiveSince = addCalendarMonths(new Date(now.getTime() + firstWarningDaysBefore * DAY_MS), -months);
  const found = await candidates(db, { inactiveSince });
  for (const account of found) {
    try {
      const warnings = await db
        .select()
        .from(inactivityWarnings)
        .where(
          sql`${inactivityWarnings.companyId} = ${account.id} and ${inactivityWarnings.lastActivityAt} = ${account.last_activity_at.toISOString()}::timestamptz`,
        );
      const first = warnings.find((w) => w.stage === 1);
      const second = warnings.find((w) => w.stage === 2);
      const inactiveUntil = addCalendarMonths(account.last_activity_at, months);
      if (!first) {
        if (now.getTime() < inactiveUntil.getTime() - firstWarningDaysBefore * DAY_MS) continue;
        const deletesAt = later(inactiveUntil, new Date(now.getTime() + firstWarningDaysBefore * DAY_MS));
        if (await warn(db, account, 1, deletesAt, now, opts.publicUrl)) result.firstWarnings.push(account.id);
      } else if (!second) {
        if (now.getTime() < first.deletesAt.getTime() - secondWarningDaysBefore * DAY_MS) continue;
        const deletesAt = later(first.deletesAt, new Date(now.getTime() + secondWarningDaysBefore * DAY_MS));
        if (await warn(db, account, 2, deletesAt, now, opts.publicUrl))
          result.secondWarnings.push(account.id);
      } else if (now.getTime() >= second.deletesAt.getTime()) {
        if (await deleteAccount(db, account, first.sentAt, second.sentAt, now))
          result.deleted.push(account.id);
      }
    } catch (error) {
      result.failed.push({ companyId: account.id, error });
    }
  }
  return result;
}

/** Records the warning and queues its mails in one transaction; false when another run was first. */
async function warn(
  db: Database,
  account: Candidate,
  stage: 1 | 2,
  deletesAt: Date,
  now: Date,
  publicUrl: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(inactivityWarnings)
      .values({
        companyId: account.id,
        stage,
        lastActivityAt: account.last_activity_at,
        deletesAt,
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: inactivityWarnings.id });
    if (inserted.length === 0) return false;
    const recipients = rowsOf<{ email: string; locale: string }>(
      await tx.execute(
        sql`select email, locale from users where company_id = ${account.id} and role = 'partner' order by id`,
      ),
    );
    await queueMails(
      tx,
      recipients.map((r): QueuedMail => {
        const locale: Locale = r.locale === "en" ? "en" : "de";
        return {
          template: `inactivity_warning_${stage}`,
          locale,
          to: r.email,
          content: inactivityWarningMail(locale, {
            stage,
            companyName: account.name,
            lastActivityAt: account.last_activity_at,
            deletesAt,
            inactiveMonths: REVIEW.inactiveIncompleteDeletionMonths,
            loginUrl: `${publicUrl}/${locale}/login`,
          }),
        };
      }),
    );
    return true;
  });
}

export const emailSha256 = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/**
 * Deletes the company with everything that hangs on it (users, sessions, tokens, locations,
 * set-up drafts, mandates, profile, warnings, terms records: their foreign keys cascade), its
 * statistics rows without a foreign key and the outbox mails to its logins, and logs the deletion.
 * Under a row lock it first checks that the account still qualifies with the same last activity,
 * so a login racing the job keeps the account.
 */
async function deleteAccount(
  db: Database,
  account: Candidate,
  firstWarningAt: Date,
  secondWarningAt: Date,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from companies where id = ${account.id} for update`);
    const [still] = await candidates(tx, { companyId: account.id });
    if (!still || still.last_activity_at.getTime() !== account.last_activity_at.getTime()) return false;
    const logins = rowsOf<{ email: string }>(
      await tx.execute(sql`select email from users where company_id = ${account.id} order by id`),
    );
    for (const table of UNLINKED_COMPANY_TABLES) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where company_id = ${account.id}`);
    }
    if (logins.length > 0) {
      await tx.execute(
        sql`delete from mail_outbox where lower(to_address) in (${sql.join(
          logins.map((l) => sql`${l.email.toLowerCase()}`),
          sql`, `,
        )})`,
      );
    }
    await tx.execute(sql`delete from companies where id = ${account.id}`);
    await tx.insert(accountDeletions).values({
      companyId: account.id,
      companyName: still.name,
      emailSha256: logins[0] ? emailSha256(logins[0].email) : null,
      status: still.status,
      reason: "inactive_incomplete",
      lastActivityAt: still.last_activity_at,
      firstWarningAt,
      secondWarningAt,
      deletedAt: now,
    });
    return true;
  });
}

/** The deletion log for the team, newest first; `email` finds the deletion of that address. */
export async function listAccountDeletions(
  db: Database,
  opts: { email?: string; page: number; perPage: number },
) {
  const where = opts.email ? sql`${accountDeletions.emailSha256} = ${emailSha256(opts.email)}` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accountDeletions)
      .where(where)
      .orderBy(desc(accountDeletions.deletedAt), desc(accountDeletions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ value: sql<number>`count(*)::int` }).from(accountDeletions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      company_id: r.companyId,
      company_name: r.companyName,
      email_sha256: r.emailSha256,
      status: r.status,
      reason: r.reason,
      last_activity_at: r.lastActivityAt.toISOString(),
      first_warning_at: r.firstWarningAt.toISOString(),
      second_warning_at: r.secondWarningAt.toISOString(),
      deleted_at: r.deletedAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}
