import {
  asLocale,
  berlinDay,
  type NftOfferEvent,
  type NftOfferState,
  type NftType,
  type NftVatRate,
  nextOfferState,
  voucherPurpose,
} from "@stempla/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { locations, nftOfferEvents, nftOfferLocations, nftOffers } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { partnerRecipients, queueMails } from "../mail/service.ts";
import { type OfferMailKind, offerMail } from "./offer-mails.ts";

// The offers' lifecycle (docs/decisions/010-coupons-and-vouchers.md, section 3): every
// transition locks the offer, applies the domain's nextOfferState, records an nft_offer_events
// row and queues the partner's mail, all in the caller's transaction, so a transition, its record
// and its mail exist together or not at all.

export type NftOfferActor = "partner" | "team" | "system" | "customer";

/** The page the mails link to: the partner's offer lists (decision 010, section 8). */
const offersLink = (publicUrl: string, locale: string) => `${publicUrl}/${locale}/nft`;

/** Queues `mail` to every partner login of the company, each in its own language. */
async function queueOfferMail(
  tx: Database,
  offer: { companyId: number; type: NftType; name: string },
  mail: OfferMailKind,
  publicUrl: string | undefined,
): Promise<void> {
  const recipients = await partnerRecipients(tx, offer.companyId);
  await queueMails(
    tx,
    recipients.map((r) => {
      const locale = asLocale(r.locale);
      return {
        template: `nft.offer.${mail.kind}`,
        locale,
        to: r.email,
        content: offerMail(
          locale,
          { type: offer.type, name: offer.name, link: publicUrl ? offersLink(publicUrl, locale) : undefined },
          mail,
        ),
      };
    }),
  );
}

/**
 * A new offer entered the team's queue: records its first event (none → in_review, by the partner)
 * and mails the partner that the review takes up to REVIEW.changeReviewDays days. Call it in the
 * transaction that inserted the offer.
 */
export async function recordOfferCreated(
  tx: Database,
  offer: { id: number; companyId: number; type: NftType; name: string },
  actorUserId: number | null,
  opts: { publicUrl?: string | undefined } = {},
): Promise<void> {
  await tx.insert(nftOfferEvents).values({
    offerId: offer.id,
    fromState: null,
    toState: "in_review",
    reason: "created",
    actor: "partner",
    actorUserId,
  });
  await queueOfferMail(tx, offer, { kind: "submitted" }, opts.publicUrl);
}

export interface TransitionInput {
  offerId: number;
  event: NftOfferEvent;
  actor: NftOfferActor;
  actorUserId?: number | null | undefined;
  /** The team's rejection or revocation reason (mailed), or the partner's words. */
  note?: string | null | undefined;
  /** The version the team reviewed: another version answers null (an edit came in between). */
  expectVersion?: number | undefined;
  /** The public address for the mail's link to the partner's offers (app.config.publicUrl). */
  publicUrl?: string | undefined;
  /** The moment of the transition (the job passes its tick's time); now by default. */
  now?: Date | undefined;
}

/** The event row's `reason`: the off-market reason, else what happened (section 3). */
const eventReasons: Record<Exclude<NftOfferEvent["type"], "revoked" | "exhausted" | "ended">, string> = {
  edited: "edit",
  approved: "approved",
  rejected: "rejected",
  started: "started",
};

/**
 * Moves an offer along the lifecycle inside the caller's transaction `tx`: locks the row
 * (`select … for update`), applies nextOfferState (throws NftTransitionError for an event the
 * state does not allow; routes answer 409), updates the state and its columns, records the event
 * and queues the partner's mail. Returns null, changing nothing, when `expectVersion` is given and
 * the offer has another version. Throws 404 for an unknown offer id (callers check ownership first).
 *
 * An approval's `startsLater` is decided here from the locked row's start day (Berlin), so it
 * always matches the version approved; the caller's value is not used. An edit increments
 * `version` (callers do not), puts the offer at the end of the queue (`submitted_at`) and clears the
 * team's rejection reason. The voucher's purpose is computed at approval from its VAT rate and
 * its redeemable locations' countries, and never changes afterwards (section 1).
 */
export async function transitionOffer(
  tx: Database,
  input: TransitionInput,
): Promise<{ from: NftOfferState; to: NftOfferState } | null> {
  const now = input.now ?? new Date();
  const [offer] = await tx.select().from(nftOffers).where(eq(nftOffers.id, input.offerId)).for("update");
  if (!offer) throw HttpError.notFound();
  if (input.expectVersion !== undefined && offer.version !== input.expectVersion) return null;

  const event: NftOfferEvent =
    input.event.type === "approved"
      ? { type: "approved", startsLater: offer.startDate !== null && offer.startDate > berlinDay(now) }
      : input.event;
  const next = nextOfferState(offer.state, event);
  const actorUserId = input.actorUserId ?? null;
  const note = input.note?.trim() ? input.note.trim() : null;

  const set: Partial<typeof nftOffers.$inferInsert> = {
    state: next.state,
    offMarketReason: next.reason,
    updatedAt: now,
  };
  if (next.state === "on_market") set.onMarketAt = now;
  if (next.state === "off_market") set.offMarketAt = now;
  if (event.type === "edited") {
    set.rejectionReason = null;
    set.submittedAt = now;
    set.version = offer.version + 1;
  }
  if (event.type === "rejected") set.rejectionReason = note;
  if (event.type === "approved") {
    const countries = await tx
      .select({ country: locations.country })
      .from(nftOfferLocations)
      .innerJoin(locations, eq(locations.id, nftOfferLocations.locationId))
      .where(eq(nftOfferLocations.offerId, offer.id));
    set.purpose = voucherPurpose({
      type: offer.type,
      vatRate: offer.vatRate as NftVatRate | null,
      locationCountries: countries.map((c) => c.country),
    });
    set.approvedAt = now;
    set.approvedByUserId = actorUserId;
    set.rejectionReason = null;
  }
  // The lock above makes this the only writer; the state condition keeps the rule "act once"
  // visible in the statement itself (section 3: update … where state = … returning).
  const updated = await tx
    .update(nftOffers)
    .set(set)
    .where(and(eq(nftOffers.id, offer.id), eq(nftOffers.state, offer.state)))
    .returning({ id: nftOffers.id });
  if (updated.length === 0) throw new Error(`offer ${offer.id} changed under its row lock`);

  const reason =
    event.type === "revoked" || event.type === "exhausted" || event.type === "ended"
      ? next.reason
      : eventReasons[event.type];
  await tx.insert(nftOfferEvents).values({
    offerId: offer.id,
    fromState: offer.state,
    toState: next.state,
    reason,
    note,
    actor: input.actor,
    actorUserId,
    createdAt: now,
  });

  const mail = mailOf(event, next.reason, offer, input.actor, note);
  if (mail) await queueOfferMail(tx, offer, mail, input.publicUrl);
  return { from: offer.state, to: next.state };
}

/** The partner's mail for a transition (section 3's table); an edit is recorded, not mailed. */
function mailOf(
  event: NftOfferEvent,
  offMarketReason: string | null,
  offer: { state: NftOfferState; startDate: string | null; endDate: string | null },
  actor: NftOfferActor,
  note: string | null,
): OfferMailKind | null {
  switch (event.type) {
    case "edited":
      return null;
    case "approved":
      return event.startsLater && offer.startDate
        ? { kind: "scheduled", startDate: offer.startDate }
        : { kind: "on_market" };
    case "started":
      return { kind: "on_market" };
    case "rejected":
      return { kind: "rejected", reason: note ?? "" };
    case "revoked":
      return {
        kind: "revoked",
        by: actor === "team" ? "team" : "partner",
        wasOnMarket: offer.state === "on_market",
        reason: actor === "team" ? note : null,
      };
    case "exhausted":
      return { kind: "exhausted", reason: offMarketReason === "issued" ? "issued" : "sold_out" };
    case "ended":
      return { kind: "ended", endDate: offer.endDate, wasOnMarket: offer.state === "on_market" };
  }
}
