import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, legalForms, mailOutbox, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";

export interface PartnerListQuery {
  search?: string;
  page: number;
  per_page: number;
}

/** Partner accounts for the provider team: newest first, searchable by company or email. */
export async function listPartners(db: Database, q: PartnerListQuery) {
  const filters: SQL[] = [eq(users.role, "partner")];
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(companies.name, pattern), ilike(users.email, pattern))!);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        type: companies.type,
        status: companies.status,
        legal_form: legalForms.nameDe,
        email: users.email,
        email_verified_at: users.emailVerifiedAt,
        registration_completed_at: companies.registrationCompletedAt,
        created_at: companies.createdAt,
      })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .leftJoin(legalForms, eq(legalForms.id, companies.legalFormId))
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ value: count() })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      confirmed: r.email_verified_at !== null,
      email_verified_at: r.email_verified_at?.toISOString() ?? null,
      registration_completed_at: r.registration_completed_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

export async function listMails(db: Database, q: { search?: string; page: number; per_page: number }) {
  const where = q.search
    ? or(ilike(mailOutbox.toAddress, `%${q.search}%`), ilike(mailOutbox.subject, `%${q.search}%`))
    : sql`true`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        template: mailOutbox.template,
        locale: mailOutbox.locale,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        created_at: mailOutbox.createdAt,
        sent_at: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      sent_at: r.sent_at?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
  };
}

export async function getMail(db: Database, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw HttpError.notFound();
  return {
    id: row.id,
    template: row.template,
    locale: row.locale,
    to: row.toAddress,
    reply_to: row.replyTo,
    subject: row.subject,
    html: row.html,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
