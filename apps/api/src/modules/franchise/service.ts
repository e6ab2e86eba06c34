import {
  type FranchiseData,
  type FranchiseeSummary,
  type FranchiseLocation,
  type Locale,
  mayView,
  type Subject,
  type Viewer,
} from "@stempla/domain";
import { and, asc, count, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, legalForms, locations, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";

// What a master sees of its network (docs/decisions/008-franchise-model.md, section 2): every read
// of another company goes through resolveSubject and the domain's mayView.

export {
  collectiveInvoicingIn,
  masterPaysSql,
  switchCollectiveInvoicing,
} from "./collective-invoicing.ts";
export {
  approveInvitation,
  checkInvitation,
  completeRegistration,
  deleteExpiredInvitations,
  invitationQueue,
  invite,
  listInvitations,
  refuseInvitation,
  resendInvitation,
  withdrawInvitation,
} from "./invitations.ts";

/**
 * The company `companyId` when the viewer may see `data` of it; 404 otherwise, so an id the
 * viewer may not see reads exactly like one that does not exist.
 */
export async function resolveSubject(
  db: Database,
  viewer: Viewer,
  companyId: number,
  data: FranchiseData,
): Promise<Subject> {
  const [row] = await db
    .select({ companyId: companies.id, type: companies.type, masterId: companies.masterId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row || !mayView(viewer, row, data)) throw HttpError.notFound();
  return row;
}

function requireMaster(viewer: Viewer): void {
  if (viewer.type !== "master") {
    throw new HttpError(403, { code: "not_a_master", messageKey: "franchise.notAMaster" });
  }
}

/** The master's franchisees that completed their registration (invited ones are in the invitations). */
const joinedFranchiseeOf = (viewer: Viewer): SQL =>
  and(
    eq(companies.masterId, viewer.companyId),
    eq(companies.type, "slave"),
    isNotNull(companies.franchiseJoinedAt),
  )!;

async function franchiseeSummaries(
  db: Database,
  where: SQL,
  locale: Locale,
  page: { page: number; per_page: number },
): Promise<FranchiseeSummary[]> {
  const rows = await db
    .select({
      company_id: companies.id,
      name: companies.name,
      legal_form: locale === "de" ? legalForms.nameDe : legalForms.nameEn,
      status: companies.status,
      // The first login is the contact person (registration and register/complete make one).
      contact_name: sql<
        string | null
      >`(select ${users.firstName} from ${users} where ${users.companyId} = ${companies.id} order by ${users.id} limit 1)`,
      contact_surname: sql<
        string | null
      >`(select ${users.surname} from ${users} where ${users.companyId} = ${companies.id} order by ${users.id} limit 1)`,
      email: sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.companyId} = ${companies.id} order by ${users.id} limit 1)`,
      locations: sql<number>`(select count(*)::int from ${locations} where ${locations.companyId} = ${companies.id})`,
    })
    .from(companies)
    .leftJoin(legalForms, eq(legalForms.id, companies.legalFormId))
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  return rows.map((row) => ({
    ...row,
    legal_form: row.legal_form ?? null,
    locations: Number(row.locations),
  }));
}

/** GET /dashboard/franchisees: by name. */
export async function listFranchisees(
  db: Database,
  viewer: Viewer,
  locale: Locale,
  page: { page: number; per_page: number },
): Promise<{ items: FranchiseeSummary[]; total: number }> {
  requireMaster(viewer);
  const where = joinedFranchiseeOf(viewer);
  const items = await franchiseeSummaries(db, where, locale, page);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  return { items, total: total?.n ?? 0 };
}

/** GET /dashboard/franchisees/:id: the master's own franchisee only, else 404. */
export async function getFranchisee(
  db: Database,
  viewer: Viewer,
  companyId: number,
  locale: Locale,
): Promise<FranchiseeSummary> {
  requireMaster(viewer);
  await resolveSubject(db, viewer, companyId, "contact");
  const [item] = await franchiseeSummaries(
    db,
    and(joinedFranchiseeOf(viewer), eq(companies.id, companyId))!,
    locale,
    { page: 1, per_page: 1 },
  );
  if (!item) throw HttpError.notFound();
  return item;
}

/**
 * GET /dashboard/franchise/shops: the franchisees' locations, by company and location name; never
 * their PIN, scan code or PIN limits (mayView "locations" for master_of).
 */
export async function listFranchiseLocations(
  db: Database,
  viewer: Viewer,
  q: { page: number; per_page: number; franchisee?: number | undefined },
): Promise<{ items: FranchiseLocation[]; total: number }> {
  requireMaster(viewer);
  if (q.franchisee !== undefined) await resolveSubject(db, viewer, q.franchisee, "locations");
  const where = and(
    joinedFranchiseeOf(viewer),
    q.franchisee === undefined ? undefined : eq(companies.id, q.franchisee),
  )!;
  const rows = await db
    .select({
      id: locations.id,
      company_id: companies.id,
      company_name: companies.name,
      name: locations.name,
      street: locations.street,
      building: locations.building,
      postcode: locations.postcode,
      city: locations.city,
      country: locations.country,
      address: locations.address,
      phone_number: locations.phoneNumber,
      working_hours: locations.workingHours,
      is_closed: locations.isClosed,
    })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(where)
    .orderBy(asc(companies.name), asc(locations.name), asc(locations.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(where);
  return { items: rows.map((row) => ({ ...row, kind: "franchise" as const })), total: total?.n ?? 0 };
}
