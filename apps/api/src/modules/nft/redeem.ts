import { itemStateAt } from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { nftItemEvents, nftItems, nftOfferLocations, nftRedemptions } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { checkStaffPin, locationOfScanCode, pinRefusalError } from "../app/service.ts";
import { violatedUnique } from "./purchase.ts";

// Redeeming a coupon or voucher once, at one of its offer's locations, confirmed by the staff
// with the location's PIN (docs/decisions/010-coupons-and-vouchers.md, section 4 "Redeem once").

export interface RedeemResult {
  redeemed_at: string;
  location: { id: number; name: string };
  replayed: boolean;
}

const notEligible = () =>
  new HttpError(422, {
    messageKey: "nft.locationNotEligible",
    fields: { code: ["nft.locationNotEligible"] },
  });

type Outcome = { ok: RedeemResult } | { refused: HttpError };

/**
 * POST /nft/wallet/{nft_id}/redeem. The item's row lock makes redemptions of one item run one
 * after another; the state condition of the update and the redemption's primary key refuse a
 * second one, concurrent or later (409 nft_already_redeemed). The PIN is checked before, with the
 * location's guard exactly as scans do; a wrong PIN's count is committed (the refusal is returned
 * from the transaction, not thrown in it).
 */
export async function redeemItem(
  db: Database,
  appUserId: number,
  nftId: string,
  body: { code: string; pin: string },
  opts: { key?: string | undefined; publicUrl: string },
): Promise<RedeemResult> {
  const location = await locationOfScanCode(db, body.code);
  const run = () =>
    db.transaction(async (tx): Promise<Outcome> => {
      const [item] = await tx
        .select()
        .from(nftItems)
        .where(and(eq(nftItems.nftId, nftId), eq(nftItems.appUserId, appUserId)))
        .for("update");
      if (!item) throw HttpError.notFound();
      if (opts.key) {
        const [earlier] = await tx
          .select({
            itemId: nftRedemptions.itemId,
            locationId: nftRedemptions.locationId,
            at: nftRedemptions.createdAt,
          })
          .from(nftRedemptions)
          .where(and(eq(nftRedemptions.appUserId, appUserId), eq(nftRedemptions.idempotencyKey, opts.key)));
        if (earlier) {
          if (earlier.itemId !== item.id || earlier.locationId !== location?.id) {
            throw new HttpError(409, {
              code: "idempotency_key_reused",
              messageKey: "scan.keyReused",
              fields: { idempotency_key: ["scan.keyReused"] },
            });
          }
          return {
            ok: {
              redeemed_at: earlier.at.toISOString(),
              location: { id: location!.id, name: location!.name },
              replayed: true,
            },
          };
        }
      }
      const at = new Date();
      const state = itemStateAt(item, at);
      if (state === "redeemed") {
        return {
          refused: new HttpError(409, { code: "nft_already_redeemed", messageKey: "nft.alreadyRedeemed" }),
        };
      }
      if (state === "withdrawn") {
        return { refused: new HttpError(409, { code: "nft_withdrawn", messageKey: "nft.withdrawn" }) };
      }
      if (state === "expired") {
        return { refused: new HttpError(409, { code: "nft_expired", messageKey: "nft.expired" }) };
      }
      if (!location) throw notEligible();
      const [eligible] = await tx
        .select({ offerId: nftOfferLocations.offerId })
        .from(nftOfferLocations)
        .where(
          and(eq(nftOfferLocations.offerId, item.offerId), eq(nftOfferLocations.locationId, location.id)),
        );
      if (!eligible) throw notEligible();

      const refusal = await checkStaffPin(tx, {
        location,
        appUserId,
        pin: body.pin,
        at,
        publicUrl: opts.publicUrl,
      });
      if (refusal) return { refused: pinRefusalError(refusal, at) };

      const [redeemed] = await tx
        .update(nftItems)
        .set({
          state: "redeemed",
          redeemedAt: at,
          redeemedLocationId: location.id,
          // The partner's share of a paid voucher is due now (section 5: at redemption or after
          // the withdrawal period, whichever comes first); a coupon moves no money.
          ...(item.priceCents > 0 ? { transferDueAt: at } : {}),
        })
        .where(
          and(
            eq(nftItems.id, item.id),
            eq(nftItems.state, "held"),
            sql`${nftItems.expiresAt} > ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: nftItems.id });
      if (!redeemed) {
        return {
          refused: new HttpError(409, { code: "nft_already_redeemed", messageKey: "nft.alreadyRedeemed" }),
        };
      }
      await tx.insert(nftRedemptions).values({
        itemId: item.id,
        locationId: location.id,
        appUserId,
        withPin: true,
        idempotencyKey: opts.key ?? null,
        createdAt: at,
      });
      await tx.insert(nftItemEvents).values({
        companyId: item.companyId,
        offerId: item.offerId,
        itemId: item.id,
        kind: "redeemed",
        appUserId,
        locationId: location.id,
        amountCents: item.priceCents,
        createdAt: at,
      });
      return {
        ok: {
          redeemed_at: at.toISOString(),
          location: { id: location.id, name: location.name },
          replayed: false,
        },
      };
    });

  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    // One key sent for two items at once: the loser sees the winner's redemption on a second run.
    if (violatedUnique(error) === undefined) throw error;
    outcome = await run();
  }
  if ("refused" in outcome) throw outcome.refused;
  return outcome.ok;
}
