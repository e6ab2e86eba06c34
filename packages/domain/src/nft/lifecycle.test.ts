import { describe, expect, it } from "vitest";
import {
  itemStateAt,
  listOfState,
  NFT_LIST_STATES,
  NFT_LIST_TYPES,
  NFT_OFFER_STATES,
  type NftOfferEvent,
  type NftOfferState,
  NftTransitionError,
  nextOfferState,
} from "./lifecycle.ts";

const events: NftOfferEvent[] = [
  { type: "edited" },
  { type: "approved", startsLater: false },
  { type: "approved", startsLater: true },
  { type: "rejected" },
  { type: "started" },
  { type: "revoked" },
  { type: "exhausted", coupon: true },
  { type: "exhausted", coupon: false },
  { type: "ended" },
];

const label = (e: NftOfferEvent) =>
  e.type === "approved"
    ? `approved${e.startsLater ? ":later" : ""}`
    : e.type === "exhausted"
      ? `exhausted:${e.coupon ? "coupon" : "voucher"}`
      : e.type;

// Every allowed transition; everything else throws.
const ALLOWED: Record<NftOfferState, Record<string, string>> = {
  in_review: {
    edited: "in_review",
    approved: "on_market",
    "approved:later": "scheduled",
    rejected: "rejected",
    revoked: "off_market/revoked",
    ended: "off_market/expired",
  },
  rejected: { edited: "in_review", revoked: "off_market/revoked", ended: "off_market/expired" },
  scheduled: {
    edited: "in_review",
    started: "on_market",
    revoked: "off_market/revoked",
    ended: "off_market/expired",
  },
  on_market: {
    revoked: "off_market/revoked",
    "exhausted:coupon": "off_market/issued",
    "exhausted:voucher": "off_market/sold_out",
    ended: "off_market/expired",
  },
  off_market: {},
};

describe("nextOfferState", () => {
  for (const state of NFT_OFFER_STATES) {
    for (const event of events) {
      const expected = ALLOWED[state][label(event)];
      it(`${state} on ${label(event)}: ${expected ?? "refused"}`, () => {
        if (expected === undefined) {
          expect(() => nextOfferState(state, event)).toThrow(NftTransitionError);
        } else {
          const next = nextOfferState(state, event);
          expect(next.reason ? `${next.state}/${next.reason}` : next.state).toBe(expected);
        }
      });
    }
  }
});

describe("lists", () => {
  it("puts every state in exactly one of the spec's three lists", () => {
    for (const state of NFT_OFFER_STATES) {
      const lists = NFT_LIST_TYPES.filter((list) => NFT_LIST_STATES[list].includes(state));
      expect(lists).toEqual([listOfState(state)]);
    }
  });
});

describe("itemStateAt", () => {
  const expiresAt = new Date("2029-12-31T23:00:00Z");
  it("reads a held entry past its end as expired", () => {
    expect(itemStateAt({ state: "held", expiresAt }, new Date("2029-12-31T22:59:59Z"))).toBe("held");
    expect(itemStateAt({ state: "held", expiresAt }, expiresAt)).toBe("expired");
  });
  it("keeps redeemed and withdrawn as they are", () => {
    expect(itemStateAt({ state: "redeemed", expiresAt }, new Date("2031-01-01T00:00:00Z"))).toBe("redeemed");
    expect(itemStateAt({ state: "withdrawn", expiresAt }, new Date("2031-01-01T00:00:00Z"))).toBe(
      "withdrawn",
    );
  });
});
