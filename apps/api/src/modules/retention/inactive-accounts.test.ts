import { INACTIVE_ACCOUNT_WARNINGS, REVIEW } from "@stempla/domain";
import { and, eq, gt, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { companies, inactivityWarnings, mailOutbox, statusEvents, users } from "../../db/schema/index.ts";
import { ensureAdmin } from "../../db/seed/accounts.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  addCalendarMonths,
  CONTRACT_RECORD_TABLES,
  emailSha256,
  runInactiveAccountCleanup,
  UNLINKED_COMPANY_TABLES,
} from "./inactive-accounts.ts";

const DAY = 86_400_000;
let t: TestApp;
let admin: Record<string, string>;
// Every account's activity is moved to T0, ten days ago; the job then runs at injected later times.
const T0 = new Date(Math.floor((Date.now() - 10 * DAY) / 1000) * 1000);
const deletionDay = addCalendarMonths(T0, REVIEW.inactiveIncompleteDeletionMonths);
const firstWarningAt = new Date(
  deletionDay.getTime() - INACTIVE_ACCOUNT_WARNINGS.firstWarningDaysBefore * DAY,
);
const secondWarningAt = new Date(
  deletionDay.getTime() - INACTIVE_ACCOUNT_WARNINGS.secondWarningDaysBefore * DAY,
);

const run = (now: Date) => runInactiveAccountCleanup(t.db, { publicUrl: ORIGIN, now });

/** Moves every trace of activity of the account to `at`. */
async function lastActiveAt(email: string, at: Date) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  const companyId = user!.companyId!;
  await t.db.update(companies).set({ createdAt: at, updatedAt: at }).where(eq(companies.id, companyId));
  await t.db
    .update(users)
    .set({ createdAt: at, lastLoginAt: at, emailVerifiedAt: at })
    .where(eq(users.companyId, companyId));
  await t.db.execute(
    sql`update sessions set created_at = ${at.toISOString()}::timestamptz where user_id in (select id from users where company_id = ${companyId})`,
  );
  return companyId;
}

const mailsTo = async (email: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));

const login = (partner: { email: string; password: string }) =>
  t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: { email: partner.email, password: partner.password },
  });

describe("inactive incomplete accounts", () => {
  let idle: Awaited<ReturnType<typeof signedInPartner>>;
  let returning: Awaited<ReturnType<typeof signedInPartner>>;
  let idleId: number;
  let returningId: number;
  let guarded: number[];

  // The job runs over every account of the database, so each test gets a database of its own
  // with these accounts and walks the job's runs up to the point it checks: a test runs alone and
  // in any order (docs/architecture.md, Tests).
  beforeEach(async () => {
    t = await build({ PUBLIC_URL: ORIGIN });
    await ensureAdmin(t.db, { email: "team@stempla.test", password: "sehr-geheim-1" });
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/login",
      payload: { email: "team@stempla.test", password: "sehr-geheim-1" },
    });
    admin = { authorization: `Bearer ${res.json().data.token}` };

    idle = await signedInPartner(t, { company_name: "Kiosk Vergessen" });
    returning = await signedInPartner(t, { company_name: "Bistro Zurück" });
    idleId = await lastActiveAt(idle.email, T0);
    returningId = await lastActiveAt(returning.email, T0);

    // Accounts that must never be deleted, inactive just as long: one live now, one that was live
    // once (approved, then back in set-up), one with a hardware order (a contract record).
    const live = await signedInPartner(t, { company_name: "Café Grün" });
    const liveId = await lastActiveAt(live.email, T0);
    await t.db
      .update(companies)
      .set({ status: "green", liveSince: T0, approvedAt: T0 })
      .where(eq(companies.id, liveId));
    const wasLive = await signedInPartner(t, { company_name: "Imbiss Früher" });
    const wasLiveId = await lastActiveAt(wasLive.email, T0);
    await t.db.insert(statusEvents).values({
      companyId: wasLiveId,
      fromStatus: "yellow",
      toStatus: "green",
      event: "approved",
      createdAt: T0,
    });
    const ordered = await signedInPartner(t, { company_name: "Laden Bestellt" });
    const orderedId = await lastActiveAt(ordered.email, T0);
    await t.db.execute(
      sql`insert into hardware_orders (company_id, item, quantity, unit_cents, ordered_at) values (${orderedId}, 'sticker', 1, 200, ${T0.toISOString()}::timestamptz)`,
    );
    guarded = [liveId, wasLiveId, orderedId];
  });
  afterEach(() => t.close());

  /** The first warnings went out; then the returning partner signed in. */
  async function warnedOnceAndReturned() {
    await run(firstWarningAt);
    expect((await login(returning)).statusCode).toBe(200);
  }
  /** … and the second warning went out. */
  async function warnedTwice() {
    await warnedOnceAndReturned();
    await run(secondWarningAt);
  }

  it("sends the first warning before the deletion date, once, in the partner's language", async () => {
    expect((await run(new Date(firstWarningAt.getTime() - 60_000))).firstWarnings).toEqual([]);
    const result = await run(firstWarningAt);
    expect(result.firstWarnings.sort()).toEqual([idleId, returningId].sort());
    expect(result.failed).toEqual([]);
    // A second run (or a second process) sends nothing more.
    expect(await run(firstWarningAt)).toMatchObject({ firstWarnings: [], secondWarnings: [], deleted: [] });
    const mails = await mailsTo(idle.email, "inactivity_warning_1");
    expect(mails).toHaveLength(1);
    const day = deletionDay.toLocaleDateString("de-DE", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "Europe/Berlin",
    });
    expect(mails[0]!.subject).toBe(`Ihr unvollständiges Stempla-Konto wird am ${day} gelöscht`);
    expect(mails[0]!.text).toContain("Kiosk Vergessen");
    expect(mails[0]!.text).toContain(`${ORIGIN}/de/login`);
  });

  it("a login after the warning keeps the account", async () => {
    await run(firstWarningAt);
    expect((await login(returning)).statusCode).toBe(200);
    expect((await run(deletionDay)).deleted).not.toContain(returningId);
  });

  it("sends the second warning a week before, once", async () => {
    await warnedOnceAndReturned();
    expect((await run(new Date(secondWarningAt.getTime() - 60_000))).secondWarnings).toEqual([]);
    expect((await run(secondWarningAt)).secondWarnings).toEqual([idleId]);
    expect((await run(secondWarningAt)).secondWarnings).toEqual([]);
    const mails = await mailsTo(idle.email, "inactivity_warning_2");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Erinnerung: Ihr Stempla-Konto wird am/);
    expect(await mailsTo(returning.email, "inactivity_warning_2")).toEqual([]);
  });

  it("deletes on the named date with everything of the account, and logs it without the address", async () => {
    await warnedTwice();
    expect((await run(new Date(deletionDay.getTime() - 60_000))).deleted).toEqual([]);
    const result = await run(deletionDay);
    expect(result.deleted).toEqual([idleId]);
    expect(await run(deletionDay)).toMatchObject({ deleted: [], firstWarnings: [], secondWarnings: [] });

    expect(await t.db.select().from(companies).where(eq(companies.id, idleId))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, idle.email))).toEqual([]);
    const leftovers = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select (select count(*) from sessions s where s.token_hash is not null and not exists (select 1 from users u where u.id = s.user_id))
             + (select count(*) from billing_addresses where company_id = ${idleId})
             + (select count(*) from terms_acceptances where company_id = ${idleId})
             + (select count(*) from setup_progress where company_id = ${idleId})
             + (select count(*) from mail_outbox where to_address = ${idle.email}) as n`),
    );
    expect(Number(leftovers[0]!.n)).toBe(0);
    // A signed-in browser of the deleted account is signed out.
    expect((await t.inject({ url: "/api/v2/dashboard/terms", headers: idle.headers })).statusCode).toBe(401);

    const log = await t.inject({ url: "/api/admin/account-deletions", headers: admin });
    expect(log.statusCode).toBe(200);
    expect(log.json().meta.total).toBe(1);
    expect(log.json().data[0]).toMatchObject({
      company_id: idleId,
      company_name: "Kiosk Vergessen",
      email_sha256: emailSha256(idle.email),
      status: "gray",
      reason: "inactive_incomplete",
      last_activity_at: T0.toISOString(),
      deleted_at: deletionDay.toISOString(),
    });
    expect(JSON.stringify(log.json())).not.toContain(idle.email);
    const found = await t.inject({
      url: `/api/admin/account-deletions?email=${encodeURIComponent(idle.email.toUpperCase())}`,
      headers: admin,
    });
    expect(found.json().meta.total).toBe(1);
    const other = await t.inject({
      url: "/api/admin/account-deletions?email=niemand%40example.de",
      headers: admin,
    });
    expect(other.json().meta.total).toBe(0);
    const bad = await t.inject({ url: "/api/admin/account-deletions?email=kein-mail", headers: admin });
    expect(bad.statusCode).toBe(422);
  });

  it("never touches the account that signed in again, nor live, once-live or billed accounts", async () => {
    await warnedTwice();
    await run(deletionDay);
    const muchLater = new Date(deletionDay.getTime() + 60 * DAY);
    const result = await run(muchLater);
    expect(result.deleted).toEqual([]);
    for (const id of [returningId, ...guarded]) {
      expect(
        await t.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)),
      ).toHaveLength(1);
    }
    for (const id of guarded) {
      expect(result.firstWarnings).not.toContain(id);
      expect(
        await t.db.select().from(inactivityWarnings).where(eq(inactivityWarnings.companyId, id)),
      ).toEqual([]);
    }
    // The returning partner's clock started again at its login: the warnings since name a
    // deletion date at least the inactivity period after it.
    const [login] = await t.db.select().from(users).where(eq(users.email, returning.email));
    const renewed = await t.db
      .select()
      .from(inactivityWarnings)
      .where(and(eq(inactivityWarnings.companyId, returningId), gt(inactivityWarnings.lastActivityAt, T0)));
    expect(renewed.length).toBeGreaterThan(0);
    for (const warning of renewed) {
      expect(warning.deletesAt.getTime()).toBeGreaterThanOrEqual(
        addCalendarMonths(login!.lastLoginAt!, REVIEW.inactiveIncompleteDeletionMonths).getTime() - 1000,
      );
    }
  });

  it("knows every table that holds a company's rows: contract records block, the rest goes with it", async () => {
    // A new table with a restricting foreign key onto companies must be a contract record here
    // (it would block the deletion); one keyed by company without a foreign key must be deleted.
    const restricting = rowsOf<{ table: string }>(
      await t.db.execute(sql`
        select cl.relname as table from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        where c.contype = 'f' and c.confrelid = 'companies'::regclass and c.confdeltype in ('r', 'a')`),
    ).map((r) => r.table);
    // companies.master_id restricts too: the candidates exclude a company with franchisees
    // (docs/decisions/008-franchise-model.md), so a deleted account is never anyone's master.
    expect(
      restricting.filter((name) => !CONTRACT_RECORD_TABLES.includes(name) && name !== "companies"),
    ).toEqual([]);
    // Linked: a foreign key onto companies, or a cascading one whose columns include company_id onto
    // another table keyed by the company (menu renditions go with their menu file), which this
    // query checks in turn.
    const unlinked = rowsOf<{ table: string }>(
      await t.db.execute(sql`
        select col.table_name as table from information_schema.columns col
        where col.table_schema = 'public' and col.column_name = 'company_id'
          and not exists (
            select 1 from pg_constraint c join pg_class cl on cl.oid = c.conrelid
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
            where c.contype = 'f' and cl.relname = col.table_name and a.attname = 'company_id'
              and (c.confrelid = 'companies'::regclass or c.confdeltype = 'c'))`),
    ).map((r) => r.table);
    expect(
      unlinked.filter((name) => name !== "account_deletions" && !UNLINKED_COMPANY_TABLES.includes(name)),
    ).toEqual([]);
    const onUsers = rowsOf<{ table: string }>(
      await t.db.execute(sql`
        select cl.relname as table from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        where c.contype = 'f' and c.confrelid = 'users'::regclass and c.confdeltype in ('r', 'a')`),
    ).map((r) => r.table);
    expect(onUsers).toEqual([]);
  });
});
