import {
  type Locale,
  NFT_EDITABLE_STATES,
  type NftConsoleOfferDetail,
  type NftConsoleOfferRow,
  type NftOfferEvent,
  type NftOfferState,
  type NftPhotoView,
  NftTransitionError,
  REVIEW,
  remaining,
} from "@stempla/domain";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  categories,
  companies,
  locations,
  nftOfferEvents,
  nftOfferLocations,
  nftOffers,
  nftPhotoRenditions,
  nftPhotos,
  users,
} from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { getPartner } from "../partner/service.ts";
import { transitionOffer } from "./lifecycle.ts";

// The provider team's review of coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md,
// sections 3 and 7): the queue, every offer, one offer with what the app will show, and the
// team's approve, reject and revoke, each through the lifecycle's transitionOffer.

type OfferRow = typeof nftOffers.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** In review longer than the team promises (REVIEW.changeReviewDays) since it was submitted. */
const isOverdue = (offer: Pick<OfferRow, "state" | "submittedAt">, now: Date) =>
  offer.state === "in_review" &&
  now.getTime() - offer.submittedAt.getTime() > REVIEW.changeReviewDays * DAY_MS;

/** The photos' WebP renditions (`/media/nft/{company}/{hash}/{width}.webp`), for many offers at once. */
async function photoViews(
  db: Database,
  offers: Pick<OfferRow, "companyId" | "photoHash">[],
): Promise<(offer: Pick<OfferRow, "companyId" | "photoHash">) => NftPhotoView> {
  const hashes = [...new Set(offers.map((o) => o.photoHash))];
  const [originals, renditions] =
    hashes.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              companyId: nftPhotos.companyId,
              hash: nftPhotos.hash,
              width: nftPhotos.width,
              height: nftPhotos.height,
            })
            .from(nftPhotos)
            .where(inArray(nftPhotos.hash, hashes)),
          db
            .select({
              companyId: nftPhotoRenditions.companyId,
              hash: nftPhotoRenditions.hash,
              width: nftPhotoRenditions.width,
            })
            .from(nftPhotoRenditions)
            .where(inArray(nftPhotoRenditions.hash, hashes))
            .orderBy(asc(nftPhotoRenditions.width)),
        ]);
  return (offer) => {
    const same = (r: { companyId: number; hash: string }) =>
      r.companyId === offer.companyId && r.hash === offer.photoHash;
    const original = originals.find(same);
    return {
      hash: offer.photoHash,
      width: original?.width ?? null,
      height: original?.height ?? null,
      urls: renditions.filter(same).map((r) => ({
        width: r.width,
        url: `/media/nft/${offer.companyId}/${offer.photoHash}/${r.width}.webp`,
      })),
    };
  };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function summaryOf(offer: OfferRow, photo: NftPhotoView) {
  return {
    id: offer.id,
    type: offer.type,
    name: offer.name,
    photo,
    state: offer.state,
    off_market_reason: offer.offMarketReason,
    rejection_reason: offer.state === "rejected" ? offer.rejectionReason : null,
    price_cents: offer.priceCents,
    quantity: offer.quantity,
    sold_count: offer.soldCount,
    remaining: remaining({
      type: offer.type,
      quantity: offer.quantity,
      sold_count: offer.soldCount,
      reserved_count: offer.reservedCount,
      min_order_quantity: offer.minOrderQuantity,
    }),
    start_date: offer.startDate,
    end_date: offer.endDate,
    purpose: offer.purpose,
    created_at: offer.createdAt.toISOString(),
    on_market_at: iso(offer.onMarketAt),
    off_market_at: iso(offer.offMarketAt),
  };
}

/** One page of offers with their companies, for the queue and the console's list. */
async function offerPage(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  perPage: number,
  now: Date,
): Promise<{ items: NftConsoleOfferRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ offer: nftOffers, company: { id: companies.id, name: companies.name } })
      .from(nftOffers)
      .innerJoin(companies, eq(companies.id, nftOffers.companyId))
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(nftOffers).where(where),
  ]);
  const photo = await photoViews(
    db,
    rows.map((r) => r.offer),
  );
  return {
    items: rows.map(({ offer, company }) => ({
      ...summaryOf(offer, photo(offer)),
      company,
      version: offer.version,
      submitted_at: offer.submittedAt.toISOString(),
      overdue: isOverdue(offer, now),
    })),
    total: total?.value ?? 0,
  };
}

/** The review queue: offers in review, the longest waiting first (submitted or last edited). */
export function nftReviewQueue(db: Database, page: number, perPage: number, now = new Date()) {
  return offerPage(
    db,
    eq(nftOffers.state, "in_review"),
    [asc(nftOffers.submittedAt), asc(nftOffers.id)],
    page,
    perPage,
    now,
  );
}

/** Every offer, newest first, narrowed by state and company. */
export function nftConsoleOffers(
  db: Database,
  query: { state?: NftOfferState | undefined; company?: number | undefined; page: number; per_page: number },
  now = new Date(),
) {
  const where = and(
    query.state ? eq(nftOffers.state, query.state) : undefined,
    query.company ? eq(nftOffers.companyId, query.company) : undefined,
  );
  return offerPage(
    db,
    where,
    [desc(nftOffers.createdAt), desc(nftOffers.id)],
    query.page,
    query.per_page,
    now,
  );
}

/** Everything the team checks on one offer: the offer, its company, the app's card and the history. */
export async function nftConsoleOffer(
  db: Database,
  offerId: number,
  locale: Locale,
  now = new Date(),
): Promise<NftConsoleOfferDetail> {
  const [row] = await db
    .select({
      offer: nftOffers,
      company: {
        id: companies.id,
        name: companies.name,
        status: companies.status,
        vatId: companies.vatId,
      },
      industry: { id: categories.id, name: locale === "de" ? categories.nameDe : categories.nameEn },
    })
    .from(nftOffers)
    .innerJoin(companies, eq(companies.id, nftOffers.companyId))
    .innerJoin(categories, eq(categories.id, nftOffers.industryId))
    .where(eq(nftOffers.id, offerId));
  if (!row) throw HttpError.notFound();
  const { offer, company, industry } = row;
  const [locs, events, [owner], photo, partner] = await Promise.all([
    db
      .select({
        id: locations.id,
        name: locations.name,
        address: locations.address,
        country: locations.country,
        company_id: companies.id,
        company_name: companies.name,
      })
      .from(nftOfferLocations)
      .innerJoin(locations, eq(locations.id, nftOfferLocations.locationId))
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .where(eq(nftOfferLocations.offerId, offerId))
      .orderBy(asc(locations.id)),
    db
      .select({
        id: nftOfferEvents.id,
        from_state: nftOfferEvents.fromState,
        to_state: nftOfferEvents.toState,
        reason: nftOfferEvents.reason,
        note: nftOfferEvents.note,
        actor: nftOfferEvents.actor,
        actor_email: users.email,
        created_at: nftOfferEvents.createdAt,
      })
      .from(nftOfferEvents)
      .leftJoin(users, eq(users.id, nftOfferEvents.actorUserId))
      .where(eq(nftOfferEvents.offerId, offerId))
      .orderBy(desc(nftOfferEvents.createdAt), desc(nftOfferEvents.id)),
    db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.companyId, offer.companyId), eq(users.role, "partner")))
      .orderBy(asc(users.id))
      .limit(1),
    photoViews(db, [offer]),
    getPartner(db, offer.companyId),
  ]);
  return {
    offer: {
      ...summaryOf(offer, photo(offer)),
      industry_id: offer.industryId,
      description: offer.description,
      legal_notes: offer.legalNotes,
      external_link: offer.externalLink,
      validity_type: offer.validityType,
      validity_days: offer.validityDays,
      reserved_count: offer.reservedCount,
      min_order_quantity: offer.minOrderQuantity,
      original_price_cents: offer.originalPriceCents,
      vat_rate: offer.vatRate,
      location_ids: locs.map((l) => l.id),
      locations: locs.map((l) => ({
        id: l.id,
        name: l.name,
        company_id: l.company_id,
        company_name: l.company_name,
      })),
      version: offer.version,
      editable: (NFT_EDITABLE_STATES as readonly string[]).includes(offer.state),
      submitted_at: offer.submittedAt.toISOString(),
      updated_at: offer.updatedAt.toISOString(),
      // The team sees the reason it gave, whatever happened since.
      rejection_reason: offer.rejectionReason,
      overdue: isOverdue(offer, now),
    },
    company: {
      id: company.id,
      name: company.name,
      public_name: partner.public_name?.trim() ? partner.public_name : company.name,
      status: company.status,
      vat_id: company.vatId,
      email: owner?.email ?? null,
      logo_url: partner.logo?.medium ?? null,
    },
    industry,
    locations: locs,
    events: events.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
  };
}

export type TeamAction =
  | { type: "approve"; version: number }
  | { type: "reject"; reason: string }
  | { type: "revoke"; reason: string };

/**
 * Applies the team's decision in one transaction (the transition, its event and the partner's
 * mail). 404 unknown offer; 409 `nft_not_in_review` when an approval or rejection finds the offer
 * no longer in review (another team member was quicker, or the partner revoked it), 409
 * `conflict` when the partner edited it since the reviewed version, 409 `conflict` when a revoked
 * offer is already off the market.
 */
export async function applyTeamAction(
  db: Database,
  offerId: number,
  action: TeamAction,
  opts: { actorUserId: number; publicUrl: string },
): Promise<void> {
  const event: NftOfferEvent =
    action.type === "approve"
      ? // The lifecycle decides startsLater from the locked row's start day.
        { type: "approved", startsLater: false }
      : action.type === "reject"
        ? { type: "rejected" }
        : { type: "revoked" };
  try {
    const result = await db.transaction((tx) =>
      transitionOffer(tx, {
        offerId,
        event,
        actor: "team",
        actorUserId: opts.actorUserId,
        note: action.type === "approve" ? null : action.reason,
        expectVersion: action.type === "approve" ? action.version : undefined,
        publicUrl: opts.publicUrl,
      }),
    );
    if (result === null) throw new HttpError(409, { messageKey: "nft.versionChanged" });
  } catch (error) {
    if (!(error instanceof NftTransitionError)) throw error;
    if (action.type === "revoke") throw new HttpError(409, { messageKey: "nft.alreadyOffMarket" });
    throw new HttpError(409, { code: "nft_not_in_review", messageKey: "nft.notInReview" });
  }
}
