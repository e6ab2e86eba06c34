import {
  type CardConditions,
  formatPhone,
  formatRecordedPhone,
  maskIban,
  REVIEW_PHONE_FIELD,
  type ReviewSnapshot,
  WEEKDAYS,
} from "@stempla/domain";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  billingAddresses,
  categories,
  companies,
  legalForms,
  locations,
  partnerCategories,
  partnerProfiles,
  partnerSocials,
  reviewApprovals,
  sepaMandates,
  users,
} from "../../db/schema/index.ts";
import { conditionsOf } from "../partner/service.ts";

/** What the end-customer app shows of a partner; frozen at each approval. */
export interface PublishedPartner {
  public_name: string;
  description: string | null;
  points: number | null;
  /** Absent in approvals made before conditions were structured: read as none. */
  conditions?: CardConditions;
  logo_hash: string | null;
  categories: number[];
  socials: { type: string; url: string }[];
  locations: {
    id: number;
    name: string;
    address: string;
    phone: string | null;
    working_hours: Record<string, { from: string; to: string }[]>;
    is_closed: boolean;
    /** The map position the app sorts by distance with (absent in approvals before it was published). */
    latitude?: number | null;
    longitude?: number | null;
  }[];
}

const hoursText = (hours: Record<string, { from: string; to: string }[]>) =>
  WEEKDAYS.map((day) => `${day} ${(hours[day] ?? []).map((i) => `${i.from}-${i.to}`).join(",") || "-"}`).join(
    "; ",
  );

/**
 * Everything the provider team reviews, read from the partner's current data: the flat snapshot
 * to compare with the last approval, and the data the app would publish.
 */
export async function currentReviewData(
  db: Database,
  companyId: number,
): Promise<{ snapshot: ReviewSnapshot; published: PublishedPartner }> {
  // One query after the other: `db` is the transaction of withPartnerChange when partner data
  // changes, and one connection runs one query at a time (node-postgres refuses overlapping ones).
  const [company] = await db
    .select({ name: companies.name, vatId: companies.vatId, legalForm: legalForms.nameDe })
    .from(companies)
    .leftJoin(legalForms, eq(legalForms.id, companies.legalFormId))
    .where(eq(companies.id, companyId));
  const [address] = await db.select().from(billingAddresses).where(eq(billingAddresses.companyId, companyId));
  const [contact] = await db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id))
    .limit(1);
  const [profile] = await db.select().from(partnerProfiles).where(eq(partnerProfiles.companyId, companyId));
  const cats = await db
    .select({ id: categories.id, name: categories.nameDe, isPrimary: partnerCategories.isPrimary })
    .from(partnerCategories)
    .innerJoin(categories, eq(categories.id, partnerCategories.categoryId))
    .where(eq(partnerCategories.companyId, companyId))
    .orderBy(asc(partnerCategories.position));
  const socials = await db
    .select()
    .from(partnerSocials)
    .where(eq(partnerSocials.companyId, companyId))
    .orderBy(asc(partnerSocials.type));
  const locs = await db
    .select()
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id));
  const [mandate] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.companyId, companyId), isNull(sepaMandates.endedAt)))
    .orderBy(desc(sepaMandates.signedAt))
    .limit(1);

  const snapshot: ReviewSnapshot = {};
  const put = (field: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== "") snapshot[field] = String(value);
  };
  put("company.name", company?.name);
  put("company.legalForm", company?.legalForm);
  put("company.vatId", company?.vatId);
  if (address) {
    put(
      "company.address",
      `${address.street} ${address.building}, ${address.postcode} ${address.city}, ${address.country}`,
    );
    put("company.phone", formatPhone(address.phoneNumber));
  }
  if (contact) {
    put("contact.name", [contact.firstName, contact.surname].filter(Boolean).join(" "));
    put("contact.phone", contact.phone && formatPhone(contact.phone));
    put("contact.email", contact.email);
  }
  put("profile.publicName", profile?.publicName);
  put("profile.categories", cats.map((c) => (c.isPrimary ? `${c.name} (★)` : c.name)).join(", "));
  put("profile.logo", profile?.logoHash?.slice(0, 12));
  put("card.description", profile?.description);
  put("card.points", profile?.points);
  const conditions = conditionsOf(profile);
  put("card.excludedProducts", conditions.excluded_products.join(", "));
  // JSON, so the console can word it in its own language (change-labels.ts); keys in a fixed
  // order, as jsonb does not keep the order they were written in.
  const limits = conditions.time_limits;
  put(
    "card.timeLimits",
    limits &&
      JSON.stringify({
        applies_to: limits.applies_to,
        windows: limits.windows.map((w) => ({ days: w.days, from: w.from, to: w.to })),
      }),
  );
  put("card.minimumSpendCents", conditions.minimum_spend_cents);
  put("card.conditionsNote", conditions.note);
  for (const social of socials) put(`link.${social.type}`, social.url);
  for (const loc of locs) {
    put(`location.${loc.id}.name`, loc.name);
    put(`location.${loc.id}.address`, loc.address);
    put(`location.${loc.id}.phone`, loc.phoneNumber && formatPhone(loc.phoneNumber));
    put(`location.${loc.id}.openingHours`, hoursText(loc.workingHours));
    put(`location.${loc.id}.closed`, loc.isClosed ? "yes" : null);
    put(
      `location.${loc.id}.position`,
      loc.latitude !== null && loc.longitude !== null ? `${loc.latitude}, ${loc.longitude}` : null,
    );
  }
  if (mandate) {
    put("payment.account", `${mandate.accountHolder}, ${maskIban(mandate.iban)}`);
    put("payment.mandate", mandate.reference);
  }

  return {
    snapshot,
    published: {
      public_name: profile?.publicName ?? company?.name ?? "",
      description: profile?.description ?? null,
      points: profile?.points ?? null,
      conditions,
      logo_hash: profile?.logoHash ?? null,
      categories: cats.map((c) => c.id),
      socials: socials.map((s) => ({ type: s.type, url: s.url })),
      locations: locs.map((l) => ({
        id: l.id,
        name: l.name,
        address: l.address,
        phone: l.phoneNumber ? formatPhone(l.phoneNumber) : null,
        working_hours: l.workingHours,
        is_closed: l.isClosed,
        latitude: l.latitude,
        longitude: l.longitude,
      })),
    },
  };
}

type Approval = typeof reviewApprovals.$inferSelect;

/**
 * An approval as every reader gets it: approvals before numbers were stored as E.164 (migration
 * 0018, docs/decisions/007-phone-numbers-e164.md) recorded them as the forms showed them ("+49 0221
 * 1234567"); read, they are in the format the current data has ("+49 221 1234567").
 */
function readApproval(row: Approval): Approval {
  const snapshot = Object.fromEntries(
    Object.entries(row.snapshot).map(([field, value]) => [
      field,
      REVIEW_PHONE_FIELD.test(field) ? formatRecordedPhone(value) : value,
    ]),
  );
  const published = row.published as unknown as PublishedPartner;
  const locations = published.locations.map((l) => ({
    ...l,
    phone: l.phone && formatRecordedPhone(l.phone),
  }));
  return { ...row, snapshot, published: { ...published, locations } };
}

export async function lastApproval(db: Database, companyId: number) {
  const [row] = await db
    .select()
    .from(reviewApprovals)
    .where(eq(reviewApprovals.companyId, companyId))
    .orderBy(desc(reviewApprovals.approvedAt), desc(reviewApprovals.id))
    .limit(1);
  return row && readApproval(row);
}

/**
 * What customers see of a partner: the current data of a live account, and the last approved
 * data while changes wait for review (orange). Accounts that are not live publish nothing.
 */
export async function publishedPartner(
  db: Database,
  companyId: number,
): Promise<PublishedPartner | undefined> {
  const [company] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.status === "green") return (await currentReviewData(db, companyId)).published;
  if (company?.status === "orange")
    return (await lastApproval(db, companyId))?.published as unknown as PublishedPartner;
  return undefined;
}
