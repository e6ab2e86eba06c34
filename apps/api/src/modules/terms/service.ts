import {
  berlinDay,
  earliestTermsEffectiveDay,
  type Locale,
  type TermsAcceptanceMethod,
  type TermsAnnouncement,
} from "@stempla/domain";
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { BERLIN } from "../../db/berlin-time.ts";
import { type Database, isUniqueViolation, rowsOf } from "../../db/client.ts";
import { companies, termsAcceptances, termsObjections, termsVersions, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { type QueuedMail, queueMails } from "../mail/service.ts";
import { termsChangeMail } from "./terms-mail.ts";

// Partner terms as versioned data (docs/product.md, "Terms and records"): which version each
// partner accepted and when, announced changes, objections and acceptance by silence.

/** The version in force on `day` (YYYY-MM-DD): the latest whose valid_from has come. */
async function versionInForce(db: Database, day: string) {
  const [row] = await db
    .select()
    .from(termsVersions)
    .where(lte(termsVersions.validFrom, day))
    .orderBy(desc(termsVersions.validFrom), desc(termsVersions.id))
    .limit(1);
  // The first version is written by the migration that created the table, so there always is one.
  if (!row) throw new Error("no partner terms version in force");
  return row;
}

/** The registration's checkbox: the new partner accepts the version in force at that moment. */
export async function recordRegistrationAcceptance(db: Database, companyId: number, at: Date): Promise<void> {
  const version = await versionInForce(db, berlinDay(at));
  await db
    .insert(termsAcceptances)
    .values({ companyId, termsVersionId: version.id, method: "registration", acceptedAt: at })
    .onConflictDoNothing();
}

/** The partner's accepted version: the acceptance of the latest version. */
export async function acceptedTerms(db: Database, companyId: number) {
  const [row] = await db
    .select({
      version: termsVersions.version,
      valid_from: termsVersions.validFrom,
      accepted_at: termsAcceptances.acceptedAt,
      method: termsAcceptances.method,
    })
    .from(termsAcceptances)
    .innerJoin(termsVersions, eq(termsVersions.id, termsAcceptances.termsVersionId))
    .where(eq(termsAcceptances.companyId, companyId))
    .orderBy(desc(termsVersions.validFrom), desc(termsVersions.id))
    .limit(1);
  return row
    ? {
        version: row.version,
        valid_from: row.valid_from,
        accepted_at: row.accepted_at.toISOString(),
        method: row.method as TermsAcceptanceMethod,
      }
    : null;
}

/** The announced change that has not taken effect yet (at most one, see announceTerms). */
async function pendingVersion(db: Database, today: string) {
  const [row] = await db
    .select()
    .from(termsVersions)
    .where(and(isNotNull(termsVersions.announcedAt), gt(termsVersions.validFrom, today)))
    .orderBy(asc(termsVersions.validFrom))
    .limit(1);
  return row;
}

/** The partner's terms: the accepted version, and an announced change with its objection if any. */
export async function partnerTerms(db: Database, companyId: number, locale: Locale, now = new Date()) {
  const [accepted, pending] = await Promise.all([
    acceptedTerms(db, companyId),
    pendingVersion(db, berlinDay(now)),
  ]);
  let change = null;
  if (pending) {
    const [objection] = await db
      .select()
      .from(termsObjections)
      .where(and(eq(termsObjections.companyId, companyId), eq(termsObjections.termsVersionId, pending.id)));
    change = {
      id: pending.id,
      version: pending.version,
      valid_from: pending.validFrom,
      summary: locale === "de" ? pending.summaryDe : pending.summaryEn,
      announced_at: pending.announcedAt!.toISOString(),
      objection: objection
        ? { objected_at: objection.objectedAt.toISOString(), reason: objection.reason }
        : null,
    };
  }
  return { accepted, change };
}

/**
 * Records the partner's objection to an announced change. Possible until the day before it takes
 * effect; a second objection keeps the first (same answer). The partner stays on its version.
 */
export async function objectToTerms(
  db: Database,
  companyId: number,
  userId: number,
  versionId: number,
  reason: string | undefined,
  now = new Date(),
) {
  const [version] = await db.select().from(termsVersions).where(eq(termsVersions.id, versionId));
  if (!version?.announcedAt) throw HttpError.notFound();
  if (berlinDay(now) >= version.validFrom) {
    throw new HttpError(409, { messageKey: "terms.objectionClosed" });
  }
  await db
    .insert(termsObjections)
    .values({
      companyId,
      termsVersionId: versionId,
      objectedByUserId: userId,
      reason: reason ?? null,
      objectedAt: now,
    })
    .onConflictDoNothing();
  const [objection] = await db
    .select()
    .from(termsObjections)
    .where(and(eq(termsObjections.companyId, companyId), eq(termsObjections.termsVersionId, versionId)));
  return { objected_at: objection!.objectedAt.toISOString(), reason: objection!.reason };
}

/**
 * The team announces a new version: it takes effect no earlier than the objection period after
 * today (spec section 9), and every partner login is mailed the summary in its language, in the
 * same transaction. Only one change may be pending at a time, so partners never have to object
 * to two overlapping changes.
 */
export async function announceTerms(
  db: Database,
  input: TermsAnnouncement,
  opts: { userId: number; publicUrl: string; supportEmail: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const today = berlinDay(now);
  if (input.valid_from < earliestTermsEffectiveDay(today)) {
    throw HttpError.validation({ valid_from: ["terms.validFromTooEarly"] });
  }
  try {
    return await db.transaction(async (tx) => {
      // One announcement at a time: serialise announcers on the table before looking for a pending one.
      await tx.execute(sql`lock table terms_versions in share row exclusive mode`);
      if (await pendingVersion(tx, today)) throw new HttpError(409, { messageKey: "terms.pendingExists" });
      const [version] = await tx
        .insert(termsVersions)
        .values({
          version: input.version,
          validFrom: input.valid_from,
          summaryDe: input.summary_de,
          summaryEn: input.summary_en,
          announcedAt: now,
          announcedByUserId: opts.userId,
        })
        .returning();
      const recipients = rowsOf<{ email: string; locale: string; company_name: string }>(
        await tx.execute(sql`
          select u.email, u.locale, c.name as company_name
          from users u join companies c on c.id = u.company_id
          where u.role = 'partner'
          order by u.id`),
      );
      const mails: QueuedMail[] = recipients.map((r) => {
        const locale: Locale = r.locale === "en" ? "en" : "de";
        return {
          template: "terms_change",
          locale,
          to: r.email,
          content: termsChangeMail(locale, {
            companyName: r.company_name,
            version: input.version,
            validFrom: input.valid_from,
            summary: locale === "de" ? input.summary_de : input.summary_en,
            dashboardUrl: `${opts.publicUrl}/${locale}/dashboard`,
            termsUrl: `${opts.publicUrl}/${locale}/terms-partners`,
            supportEmail: opts.supportEmail,
          }),
        };
      });
      await queueMails(tx, mails);
      return { ...versionView(version!), mailed: mails.length };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.validation({ version: ["terms.versionTaken"] });
    throw error;
  }
}

const versionView = (v: typeof termsVersions.$inferSelect) => ({
  id: v.id,
  version: v.version,
  valid_from: v.validFrom,
  summary_de: v.summaryDe,
  summary_en: v.summaryEn,
  announced_at: v.announcedAt?.toISOString() ?? null,
});

/**
 * Every version, newest first, with how many partners accepted it and how many objected. The
 * counts name the outer table in plain SQL: drizzle would write the bare column, which inside the
 * subquery means the inner table's.
 */
export async function listTermsVersions(db: Database) {
  const rows = await db
    .select({
      version: termsVersions,
      accepted: sql<number>`(select count(*)::int from terms_acceptances a where a.terms_version_id = terms_versions.id)`,
      objections: sql<number>`(select count(*)::int from terms_objections o where o.terms_version_id = terms_versions.id)`,
    })
    .from(termsVersions)
    .orderBy(desc(termsVersions.validFrom), desc(termsVersions.id));
  return rows.map((r) => ({ ...versionView(r.version), accepted: r.accepted, objections: r.objections }));
}

/** Objections for the team, the open ones first (oldest first), then the handled ones. */
export async function listObjections(db: Database, open: boolean | undefined, companyId?: number) {
  const handledBy = sql`(select email from users h where h.id = ${termsObjections.handledByUserId})`;
  const rows = await db
    .select({
      id: termsObjections.id,
      company_id: termsObjections.companyId,
      company_name: companies.name,
      company_status: companies.status,
      version: termsVersions.version,
      valid_from: termsVersions.validFrom,
      reason: termsObjections.reason,
      objected_at: termsObjections.objectedAt,
      objected_by: users.email,
      handled_at: termsObjections.handledAt,
      handled_by: sql<string | null>`${handledBy}`,
      handled_note: termsObjections.handledNote,
    })
    .from(termsObjections)
    .innerJoin(companies, eq(companies.id, termsObjections.companyId))
    .innerJoin(termsVersions, eq(termsVersions.id, termsObjections.termsVersionId))
    .leftJoin(users, eq(users.id, termsObjections.objectedByUserId))
    .where(
      and(
        open === undefined
          ? undefined
          : open
            ? isNull(termsObjections.handledAt)
            : isNotNull(termsObjections.handledAt),
        companyId === undefined ? undefined : eq(termsObjections.companyId, companyId),
      ),
    )
    .orderBy(sql`${termsObjections.handledAt} is not null`, asc(termsObjections.objectedAt));
  return rows.map((r) => ({
    ...r,
    objected_at: r.objected_at.toISOString(),
    handled_at: r.handled_at?.toISOString() ?? null,
  }));
}

/** The team marks an objection handled, with a note of what was agreed. */
export async function handleObjection(
  db: Database,
  id: number,
  userId: number,
  note: string,
  now = new Date(),
) {
  const [updated] = await db
    .update(termsObjections)
    .set({ handledAt: now, handledByUserId: userId, handledNote: note })
    .where(and(eq(termsObjections.id, id), isNull(termsObjections.handledAt)))
    .returning({ id: termsObjections.id });
  if (!updated) {
    const [exists] = await db
      .select({ id: termsObjections.id })
      .from(termsObjections)
      .where(eq(termsObjections.id, id));
    if (!exists) throw HttpError.notFound();
    throw new HttpError(409, { messageKey: "terms.alreadyHandled" });
  }
  const rows = await listObjections(db, undefined, undefined);
  return rows.find((o) => o.id === id)!;
}

/**
 * On the effective day, every partner that did not object accepts the new version by silence
 * (spec section 9), with the time the job recorded it. Idempotent: an acceptance exists once per
 * partner and version, so a second run (or a second process) inserts nothing.
 */
export async function applyDueTermsChanges(db: Database, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  const result = await db.execute(sql`
    insert into terms_acceptances (company_id, terms_version_id, method, accepted_at)
    select c.id, v.id, 'silence', ${now.toISOString()}::timestamptz
    from terms_versions v cross join companies c
    where v.announced_at is not null
      and v.valid_from <= ${today}::date
      and c.created_at < v.valid_from::timestamp at time zone ${BERLIN}
      and not exists (
        select 1 from terms_objections o where o.company_id = c.id and o.terms_version_id = v.id)
    on conflict (company_id, terms_version_id) do nothing
    returning id`);
  return rowsOf(result).length;
}
