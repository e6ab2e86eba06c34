// The lifecycle of a coupon or voucher campaign (spec section 4, "NFT lifecycle";
// docs/decisions/010-coupons-and-vouchers.md, section 3). Every transition is stored as an
// `nft_offer_events` row and mailed to the partner in the same transaction.

/**
 * Stored states: `in_review` (the team's queue), `rejected` (the team asked for changes, with a
 * reason), `scheduled` (approved, waiting for its start day), `on_market`, `off_market` (final,
 * with an `NftOffMarketReason`).
 */
export const NFT_OFFER_STATES = ["in_review", "rejected", "scheduled", "on_market", "off_market"] as const;
export type NftOfferState = (typeof NFT_OFFER_STATES)[number];

/** Why an offer left the market (spec: sold out or issued, revoked or expired). */
export const NFT_OFF_MARKET_REASONS = ["sold_out", "issued", "revoked", "expired"] as const;
export type NftOffMarketReason = (typeof NFT_OFF_MARKET_REASONS)[number];

/** The spec's three lists (GET /dashboard/nft/{type}) and the states each shows. */
export const NFT_LIST_TYPES = ["pending", "onmarket", "offmarket"] as const;
export type NftListType = (typeof NFT_LIST_TYPES)[number];
export const NFT_LIST_STATES: Record<NftListType, readonly NftOfferState[]> = {
  pending: ["in_review", "rejected", "scheduled"],
  onmarket: ["on_market"],
  offmarket: ["off_market"],
};

/** States in which the partner may still change the offer (spec: "in review can be edited"). */
export const NFT_EDITABLE_STATES = [
  "in_review",
  "rejected",
  "scheduled",
] as const satisfies readonly NftOfferState[];

export type NftOfferEvent =
  /** The partner changed the offer: it goes (back) to the team's queue. */
  | { type: "edited" }
  /** The team approved it; `startsLater` when its start day is still ahead (Berlin). */
  | { type: "approved"; startsLater: boolean }
  /** The team asked for changes (the reason is mailed). */
  | { type: "rejected" }
  /** Its start day came (the lifecycle job). */
  | { type: "started" }
  /** The partner (or the team) took it off the market. */
  | { type: "revoked" }
  /** The last item that can be ordered was sold (vouchers) or given out (coupons). */
  | { type: "exhausted"; coupon: boolean }
  /** The day after its end date came (the lifecycle job). */
  | { type: "ended" };

export interface NftOfferTransition {
  state: NftOfferState;
  reason: NftOffMarketReason | null;
}

export class NftTransitionError extends Error {
  constructor(
    readonly from: NftOfferState,
    readonly event: NftOfferEvent["type"],
  ) {
    super(`no offer transition from ${from} on ${event}`);
  }
}

const offMarket = (reason: NftOffMarketReason): NftOfferTransition => ({ state: "off_market", reason });

/**
 * The state after `event`; throws NftTransitionError when the event is not allowed (the API
 * answers 409). Off market is final: a refund that frees items of a sold-out offer does not bring
 * it back; the partner creates a new campaign.
 */
export function nextOfferState(state: NftOfferState, event: NftOfferEvent): NftOfferTransition {
  switch (event.type) {
    case "edited":
      if (state === "in_review" || state === "rejected" || state === "scheduled")
        return { state: "in_review", reason: null };
      break;
    case "approved":
      if (state === "in_review")
        return { state: event.startsLater ? "scheduled" : "on_market", reason: null };
      break;
    case "rejected":
      if (state === "in_review") return { state: "rejected", reason: null };
      break;
    case "started":
      if (state === "scheduled") return { state: "on_market", reason: null };
      break;
    case "revoked":
      if (state !== "off_market") return offMarket("revoked");
      break;
    case "exhausted":
      if (state === "on_market") return offMarket(event.coupon ? "issued" : "sold_out");
      break;
    case "ended":
      if (state !== "off_market") return offMarket("expired");
      break;
  }
  throw new NftTransitionError(state, event.type);
}

/** The list an offer in `state` appears in. */
export function listOfState(state: NftOfferState): NftListType {
  return state === "on_market" ? "onmarket" : state === "off_market" ? "offmarket" : "pending";
}

/**
 * A wallet entry: `held` (valid until its `expires_at`), `redeemed` (once, at a location),
 * `withdrawn` (a paid voucher the customer withdrew from: refunded and void). `expired` is not
 * stored: a held entry past its end reads as expired (itemStateAt).
 */
export const NFT_ITEM_STATES = ["held", "redeemed", "withdrawn"] as const;
export type StoredNftItemState = (typeof NFT_ITEM_STATES)[number];
export const NFT_ITEM_VIEW_STATES = [...NFT_ITEM_STATES, "expired"] as const;
export type NftItemState = (typeof NFT_ITEM_VIEW_STATES)[number];

export function itemStateAt(item: { state: StoredNftItemState; expiresAt: Date }, now: Date): NftItemState {
  if (item.state === "held" && now.getTime() >= item.expiresAt.getTime()) return "expired";
  return item.state;
}

/** What the monitor lists (spec: every issue, purchase, redemption and refund). */
export const NFT_MONITOR_KINDS = ["issued", "purchased", "redeemed", "refunded"] as const;
export type NftMonitorKind = (typeof NFT_MONITOR_KINDS)[number];
