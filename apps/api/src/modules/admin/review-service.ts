import { diffSnapshots, formatPhone, type Locale, REVIEW_STATUSES } from "@stempla/domain";
import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  categories,
  companies,
  locations,
  partnerCategories,
  statusEvents,
  users,
} from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { digitalMenuSince } from "../billing/service.ts";
import { getCompany } from "../company/service.ts";
import { getCard } from "../partner/service.ts";
import { currentReviewData, lastApproval } from "../review/service.ts";
import { accountStatus } from "../status/service.ts";
import { acceptedTerms, listObjections } from "../terms/service.ts";

/**
 * When an account entered its current colour (the last event into it). Built as drizzle subqueries:
 * drizzle writes the columns of a single-table select list without their table, so in a raw
 * correlated subquery "company_id" = "id" would compare two columns of the inner table.
 */
function waitingSince(db: Database) {
  const entered = db
    .select({ at: max(statusEvents.createdAt) })
    .from(statusEvents)
    .where(and(eq(statusEvents.companyId, companies.id), eq(statusEvents.toStatus, companies.status)));
  return sql<Date | string>`coalesce((${entered}), ${companies.updatedAt})`;
}

/** The review queue: new set-ups (yellow) and changes (orange), the longest waiting first. */
export async function reviewQueue(db: Database, page: number, perPage: number) {
  const waiting = inArray(companies.status, [...REVIEW_STATUSES]);
  const since = waitingSince(db);
  const owner = db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.companyId, companies.id))
    .orderBy(asc(users.id))
    .limit(1);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        type: companies.type,
        status: companies.status,
        since,
        email: sql<string | null>`(${owner})`,
      })
      .from(companies)
      .where(waiting)
      .orderBy(asc(since), asc(companies.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(companies).where(waiting),
  ]);
  return {
    items: rows.map((row) => ({ ...row, since: new Date(row.since).toISOString() })),
    total: total?.value ?? 0,
  };
}

/** Everything the team checks on one account, what changed since the last approval, and the audit trail. */
export async function reviewDetail(db: Database, companyId: number, locale: Locale) {
  const [exists] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!exists) throw HttpError.notFound();
  const [company, status, card, cats, locs, events, approval, current] = await Promise.all([
    getCompany(db, companyId, locale),
    accountStatus(db, companyId),
    getCard(db, companyId),
    db
      .select({
        id: categories.id,
        name: locale === "de" ? categories.nameDe : categories.nameEn,
        primary: partnerCategories.isPrimary,
      })
      .from(partnerCategories)
      .innerJoin(categories, eq(categories.id, partnerCategories.categoryId))
      .where(eq(partnerCategories.companyId, companyId))
      .orderBy(asc(partnerCategories.position)),
    db.select().from(locations).where(eq(locations.companyId, companyId)).orderBy(asc(locations.id)),
    db
      .select({
        id: statusEvents.id,
        from_status: statusEvents.fromStatus,
        to_status: statusEvents.toStatus,
        event: statusEvents.event,
        reason: statusEvents.reason,
        actor_email: users.email,
        created_at: statusEvents.createdAt,
      })
      .from(statusEvents)
      .leftJoin(users, eq(users.id, statusEvents.actorUserId))
      .where(eq(statusEvents.companyId, companyId))
      .orderBy(desc(statusEvents.createdAt), desc(statusEvents.id)),
    lastApproval(db, companyId),
    currentReviewData(db, companyId),
  ]);
  const [terms, objections] = await Promise.all([
    acceptedTerms(db, companyId),
    listObjections(db, undefined, companyId),
  ]);
  const menus = await digitalMenuSince(
    db,
    locs.map((l) => l.id),
  );
  return {
    company,
    status,
    card,
    categories: cats,
    locations: locs.map((l) => ({
      id: l.id,
      digital_menu_since: menus.find((m) => m.location_id === l.id)?.digital_menu_since ?? null,
      name: l.name,
      address: l.address,
      phone: l.phoneNumber ? formatPhone(l.phoneNumber) : null,
      working_hours: l.workingHours,
      is_closed: l.isClosed,
    })),
    last_approval: approval
      ? {
          approved_at: approval.approvedAt.toISOString(),
          changes: diffSnapshots(approval.snapshot, current.snapshot),
        }
      : null,
    events: events.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
    terms: { accepted: terms, objections },
  };
}
