import type { Locale, NftType } from "@stempla/domain";
import { paths } from "../../../shared/paths.ts";

/** The form of a kind: coupon, or the voucher form with its ?type= (decision 010, section 8). */
export function formPath(locale: Locale, type: NftType): string {
  return type === "coupon" ? paths.nftCreateCoupon(locale) : `${paths.nftCreateVoucher(locale)}?type=${type}`;
}

/** The form that edits an offer (?id=). */
export function editPath(locale: Locale, offer: { id: number; type: NftType }): string {
  const form = formPath(locale, offer.type);
  return `${form}${form.includes("?") ? "&" : "?"}id=${offer.id}`;
}
