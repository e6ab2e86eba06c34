import {
  berlinDay,
  type CompanyType,
  type Locale,
  type MessageKey,
  mayView,
  NFT,
  NFT_EDITABLE_STATES,
  NFT_LIST_STATES,
  type NftIndustry,
  type NftListType,
  type NftOffer,
  type NftOfferInput,
  type NftOfferLocation,
  type NftOfferSummary,
  NftTransitionError,
  offerDateIssues,
  type Viewer,
} from "@stempla/domain";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { categories, companies, locations, nftOfferLocations, nftOffers } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { payoutAccountStatus } from "../payments/service.ts";
import { recordOfferCreated, transitionOffer } from "./lifecycle.ts";
import {
  deleteUnreferencedPhoto,
  noPhoto,
  type ProcessedNftPhoto,
  photoViews,
  storeNftPhoto,
} from "./photos.ts";

// The partner's coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md, sections 1, 3
// and 7): create, change while in review, list, show and revoke. Every state change goes through
// lifecycle.ts, which records the event and queues the partner's mail in the same transaction.

type OfferRow = typeof nftOffers.$inferSelect;
type FieldIssues = Record<string, MessageKey[]>;

/** The path a call came by: create/coupon and update/coupon, or their absolute-coupon twins. */
export type OfferPath = "coupon" | "absolute-coupon";
const pathOfType = (type: OfferRow["type"]): OfferPath => (type === "coupon" ? "coupon" : "absolute-coupon");

export interface OfferCallOptions {
  locale: Locale;
  /** PUBLIC_URL, for the mails' links. */
  publicUrl: string;
  now?: Date;
}

/** GET /dashboard/nft/industries: the categories, in their order, named in the request's language. */
export async function nftIndustries(db: Database, locale: Locale): Promise<NftIndustry[]> {
  return db
    .select({
      id: categories.id,
      key: categories.key,
      name: locale === "de" ? categories.nameDe : categories.nameEn,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** Adds `key` at `field` (each key once). */
function add(issues: FieldIssues, field: string, key: MessageKey) {
  const keys = issues[field] ?? [];
  if (!keys.includes(key)) issues[field] = [...keys, key];
}

/**
 * The checks of an offer's fields that need the database or today's day (the schema made the
 * rest): start and end not in the past (Berlin), an industry of the list, locations the caller may
 * name (its own; a master's franchisees', decision 008 `mayView(…, "locations")`; a foreign and a
 * missing id read alike), and a VAT id for a paid offer above the small-amount receipt limit.
 */
export async function offerFieldIssues(
  db: Database,
  viewer: Viewer,
  input: NftOfferInput,
  now: Date,
): Promise<FieldIssues> {
  const issues: FieldIssues = {};
  for (const [field, key] of offerDateIssues(input, berlinDay(now))) add(issues, field, key);

  const [industry] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.industry_id));
  if (!industry) add(issues, "industry_id", "nft.industry");

  const named = await db
    .select({ id: locations.id, companyId: companies.id, type: companies.type, masterId: companies.masterId })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(inArray(locations.id, input.location_ids));
  const allowed = named.filter((l) =>
    mayView(
      viewer,
      { companyId: l.companyId, type: l.type as CompanyType, masterId: l.masterId },
      "locations",
    ),
  );
  if (allowed.length !== input.location_ids.length) add(issues, "location_ids", "nft.locations");

  if (input.type !== "coupon" && input.price_cents > NFT.smallReceiptMaxCents) {
    const [company] = await db
      .select({ vatId: companies.vatId })
      .from(companies)
      .where(eq(companies.id, viewer.companyId));
    if (!company?.vatId?.trim()) add(issues, "price_cents", "nft.price.vatIdRequired");
  }
  return issues;
}

/** The columns an offer's input sets (create and update alike). */
function offerColumns(input: NftOfferInput, photoHash: string) {
  return {
    type: input.type,
    industryId: input.industry_id,
    name: input.name,
    description: input.description,
    legalNotes: input.legal_notes,
    externalLink: input.external_link,
    photoHash,
    validityType: input.validity_type,
    validityDays: input.validity_days,
    quantity: input.quantity,
    minOrderQuantity: input.min_order_quantity,
    startDate: input.start_date,
    endDate: input.end_date,
    priceCents: input.price_cents,
    originalPriceCents: input.original_price_cents,
    vatRate: input.vat_rate,
  };
}

/**
 * 409 `payment_account_inactive` with the provider's onboarding link, unless the company can sell
 * paid vouchers now (section 1, "Payout account").
 */
async function requireActivePayoutAccount(db: Database, companyId: number, locale: Locale) {
  const status = await payoutAccountStatus(db, companyId, locale);
  if (status.is_active) return;
  throw new HttpError(409, {
    code: "payment_account_inactive",
    messageKey: "nft.paymentAccount.inactive",
    extra: () => ({ redirect_to: status.redirect_to }),
  });
}

/**
 * POST /dashboard/nft/create/coupon and /create/absolute-coupon: the offer enters the team's
 * queue (in_review) with its first event and the partner's "submitted" mail. The fields' database
 * checks come first (422), then the payout account of a paid type (409).
 */
export async function createOffer(
  db: Database,
  viewer: Viewer,
  input: NftOfferInput,
  photo: ProcessedNftPhoto,
  opts: OfferCallOptions,
): Promise<NftOffer> {
  const now = opts.now ?? new Date();
  const issues = await offerFieldIssues(db, viewer, input, now);
  if (Object.keys(issues).length > 0) throw HttpError.validation(issues);
  if (input.type !== "coupon") await requireActivePayoutAccount(db, viewer.companyId, opts.locale);

  const id = await db.transaction(async (tx) => {
    const hash = await storeNftPhoto(tx, viewer.companyId, photo);
    const [offer] = await tx
      .insert(nftOffers)
      .values({
        companyId: viewer.companyId,
        ...offerColumns(input, hash),
        state: "in_review",
        submittedAt: now,
        createdByUserId: viewer.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: nftOffers.id });
    await tx
      .insert(nftOfferLocations)
      .values(input.location_ids.map((locationId) => ({ offerId: offer!.id, locationId })));
    await recordOfferCreated(
      tx,
      { id: offer!.id, companyId: viewer.companyId, type: input.type, name: input.name },
      viewer.userId,
      { publicUrl: opts.publicUrl },
    );
    return offer!.id;
  });
  return offerForPartner(db, viewer.companyId, id);
}

/** The caller's offer, or 404 (another company's reads like a missing one). */
async function ownOffer(db: Database, companyId: number, id: number): Promise<OfferRow> {
  const [offer] = await db
    .select()
    .from(nftOffers)
    .where(and(eq(nftOffers.id, id), eq(nftOffers.companyId, companyId)));
  if (!offer) throw HttpError.notFound();
  return offer;
}

const notEditable = (state: OfferRow["state"]) =>
  new HttpError(409, {
    code: "nft_not_editable",
    messageKey: state === "off_market" ? "nft.notEditable.offMarket" : "nft.notEditable",
  });

const isEditable = (state: OfferRow["state"]) => (NFT_EDITABLE_STATES as readonly string[]).includes(state);

/**
 * The offer a PUT update may change: the caller's, of the path's type (a coupon through
 * update/absolute-coupon is 404, as a foreign id), in review, rejected or scheduled (else 409
 * `nft_not_editable`). Checked before the body's fields and photo are read further.
 */
export async function editableOffer(
  db: Database,
  companyId: number,
  id: number,
  path: OfferPath,
): Promise<OfferRow> {
  const offer = await ownOffer(db, companyId, id);
  if (pathOfType(offer.type) !== path) throw HttpError.notFound();
  if (!isEditable(offer.state)) throw notEditable(offer.state);
  return offer;
}

/**
 * PUT /dashboard/nft/update/coupon/{id} and /update/absolute-coupon/{id}: the fields as a whole,
 * the photo only when a new one came. The offer goes back to the team's queue with a new version
 * (lifecycle "edited"), so an approval of the version before answers 409.
 */
export async function updateOffer(
  db: Database,
  viewer: Viewer,
  id: number,
  path: OfferPath,
  input: NftOfferInput,
  photo: ProcessedNftPhoto | undefined,
  opts: OfferCallOptions,
): Promise<NftOffer> {
  const now = opts.now ?? new Date();
  await editableOffer(db, viewer.companyId, id, path);
  const issues = await offerFieldIssues(db, viewer, input, now);
  if (Object.keys(issues).length > 0) throw HttpError.validation(issues);

  await db.transaction(async (tx) => {
    // Locks the row and checks the state again: an approval between the check above and here
    // makes the edit 409, never a change of an offer on the market.
    try {
      await transitionOffer(tx, {
        offerId: id,
        event: { type: "edited" },
        actor: "partner",
        actorUserId: viewer.userId,
        publicUrl: opts.publicUrl,
        now,
      });
    } catch (error) {
      if (error instanceof NftTransitionError) throw notEditable(error.from);
      throw error;
    }
    const [before] = await tx
      .select({ photoHash: nftOffers.photoHash })
      .from(nftOffers)
      .where(eq(nftOffers.id, id));
    const hash = photo ? await storeNftPhoto(tx, viewer.companyId, photo) : before!.photoHash;
    await tx
      .update(nftOffers)
      .set({ ...offerColumns(input, hash), updatedAt: now })
      .where(eq(nftOffers.id, id));
    await tx.delete(nftOfferLocations).where(eq(nftOfferLocations.offerId, id));
    await tx
      .insert(nftOfferLocations)
      .values(input.location_ids.map((locationId) => ({ offerId: id, locationId })));
    if (hash !== before!.photoHash) await deleteUnreferencedPhoto(tx, viewer.companyId, before!.photoHash);
  });
  return offerForPartner(db, viewer.companyId, id);
}

/**
 * PUT /dashboard/nft/update/coupon/{id}/status/off-market (every type): the partner takes the
 * offer off the market for good (revoked); items in wallets stay valid (section 1). 409 when it
 * is off the market already.
 */
export async function revokeOffer(
  db: Database,
  viewer: Viewer,
  id: number,
  opts: OfferCallOptions,
): Promise<NftOffer> {
  const offer = await ownOffer(db, viewer.companyId, id);
  const alreadyOff = () => new HttpError(409, { messageKey: "nft.alreadyOffMarket" });
  if (offer.state === "off_market") throw alreadyOff();
  await db.transaction(async (tx) => {
    try {
      await transitionOffer(tx, {
        offerId: id,
        event: { type: "revoked" },
        actor: "partner",
        actorUserId: viewer.userId,
        publicUrl: opts.publicUrl,
        now: opts.now,
      });
    } catch (error) {
      if (error instanceof NftTransitionError) throw alreadyOff();
      throw error;
    }
  });
  return offerForPartner(db, viewer.companyId, id);
}

/** An offer row as the lists show it. */
function summaryOf(row: OfferRow, photo: NftOfferSummary["photo"]): NftOfferSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    photo,
    state: row.state,
    off_market_reason: row.offMarketReason,
    rejection_reason: row.state === "rejected" ? row.rejectionReason : null,
    price_cents: row.priceCents,
    quantity: row.quantity,
    sold_count: row.soldCount,
    remaining: row.quantity === null ? null : Math.max(0, row.quantity - row.soldCount - row.reservedCount),
    start_date: row.startDate,
    end_date: row.endDate,
    purpose: row.purpose,
    created_at: row.createdAt.toISOString(),
    on_market_at: row.onMarketAt?.toISOString() ?? null,
    off_market_at: row.offMarketAt?.toISOString() ?? null,
  };
}

/** GET /dashboard/nft/{pending|onmarket|offmarket}: the caller's own offers, newest first. */
export async function listOffers(
  db: Database,
  companyId: number,
  list: NftListType,
  page: number,
  perPage: number,
): Promise<{ items: NftOfferSummary[]; total: number }> {
  const where = and(eq(nftOffers.companyId, companyId), inArray(nftOffers.state, [...NFT_LIST_STATES[list]]));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(nftOffers)
      .where(where)
      .orderBy(desc(nftOffers.createdAt), desc(nftOffers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(nftOffers).where(where),
  ]);
  const photos = await photoViews(
    db,
    companyId,
    rows.map((r) => r.photoHash),
  );
  return {
    items: rows.map((row) => summaryOf(row, photos.get(row.photoHash) ?? noPhoto(row.photoHash))),
    total: totals?.total ?? 0,
  };
}

/** GET /dashboard/nft/offer/{id}: everything the form edits and the preview shows; 404 for another's. */
export async function offerForPartner(db: Database, companyId: number, id: number): Promise<NftOffer> {
  const row = await ownOffer(db, companyId, id);
  const [photos, offerLocations] = await Promise.all([
    photoViews(db, companyId, [row.photoHash]),
    db
      .select({
        id: locations.id,
        name: locations.name,
        company_id: companies.id,
        company_name: companies.name,
      })
      .from(nftOfferLocations)
      .innerJoin(locations, eq(locations.id, nftOfferLocations.locationId))
      .innerJoin(companies, eq(companies.id, locations.companyId))
      // The caller's own locations first, then its franchisees' by company.
      .where(eq(nftOfferLocations.offerId, id))
      .orderBy(
        sql`${companies.id} <> ${companyId}`,
        asc(companies.name),
        asc(locations.name),
        asc(locations.id),
      ),
  ]);
  const located: NftOfferLocation[] = offerLocations;
  return {
    ...summaryOf(row, photos.get(row.photoHash) ?? noPhoto(row.photoHash)),
    industry_id: row.industryId,
    description: row.description,
    legal_notes: row.legalNotes,
    external_link: row.externalLink,
    validity_type: row.validityType,
    validity_days: row.validityDays,
    reserved_count: row.reservedCount,
    min_order_quantity: row.minOrderQuantity,
    original_price_cents: row.originalPriceCents,
    vat_rate: row.vatRate,
    location_ids: located.map((l) => l.id).sort((a, b) => a - b),
    locations: located,
    version: row.version,
    editable: isEditable(row.state),
    submitted_at: row.submittedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
