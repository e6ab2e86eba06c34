import {
  couponCreateSchema,
  type Locale,
  type MessageKey,
  NFT,
  type NftType,
  type NftValidityType,
  offerDateIssues,
  voucherCreateSchema,
} from "@stempla/domain";
import { centsToEuros, eurosToCents } from "./euro-input.ts";

// What the coupon and voucher forms hold (text as typed), the request they send, and the checks
// they run before sending: the shared create schemas (docs/decisions/010-coupons-and-vouchers.md,
// section 2), so the browser refuses the same input as the server, with the same message at the
// same field.

export interface OfferValues {
  type: NftType;
  industry_id: string;
  name: string;
  description: string;
  legal_notes: string;
  external_link: string;
  validity_type: NftValidityType;
  validity_days: string;
  unlimited: boolean;
  quantity: string;
  start_date: string;
  end_date: string;
  location_ids: string[];
  /** Euros as typed: "12,50". */
  price: string;
  original_price: string;
  vat_rate: string;
  min_order_quantity: string;
}

/** What an offer loaded for editing has (GET /dashboard/nft/offer/{id}). */
export interface StoredOffer {
  type: NftType;
  industry_id: number;
  name: string;
  description: string;
  legal_notes: string | null;
  external_link: string | null;
  validity_type: NftValidityType;
  validity_days: number | null;
  quantity: number | null;
  start_date: string | null;
  end_date: string | null;
  location_ids: number[];
  price_cents: number;
  original_price_cents: number | null;
  vat_rate: number | null;
  min_order_quantity: number;
}

/** A new offer: coupons valid for days, vouchers for the statutory minimum (the voucher form's default). */
export function newOfferValues(type: NftType, industryId: number | null, locationIds: number[]): OfferValues {
  return {
    type,
    industry_id: industryId === null ? "" : String(industryId),
    name: "",
    description: "",
    legal_notes: "",
    external_link: "",
    validity_type: type === "coupon" ? "days" : "statutory",
    validity_days: type === "coupon" ? "30" : "",
    unlimited: false,
    quantity: type === "coupon" ? String(NFT.minimumCoupons) : "",
    start_date: "",
    end_date: "",
    location_ids: locationIds.map(String),
    price: "",
    original_price: "",
    vat_rate: type === "voucher" ? "19" : "",
    min_order_quantity: String(NFT.defaultMinOrderQuantity),
  };
}

export function storedOfferValues(offer: StoredOffer, locale: Locale): OfferValues {
  return {
    type: offer.type,
    industry_id: String(offer.industry_id),
    name: offer.name,
    description: offer.description,
    legal_notes: offer.legal_notes ?? "",
    external_link: offer.external_link ?? "",
    validity_type: offer.validity_type,
    validity_days: offer.validity_days === null ? "" : String(offer.validity_days),
    unlimited: offer.type !== "coupon" && offer.quantity === null,
    quantity: offer.quantity === null ? "" : String(offer.quantity),
    start_date: offer.start_date ?? "",
    end_date: offer.end_date ?? "",
    location_ids: offer.location_ids.map(String),
    price: offer.type === "coupon" ? "" : centsToEuros(offer.price_cents, locale),
    original_price: centsToEuros(offer.original_price_cents, locale),
    vat_rate: offer.type === "voucher" ? (offer.vat_rate === null ? "mixed" : String(offer.vat_rate)) : "",
    min_order_quantity: String(offer.min_order_quantity),
  };
}

/** The request's fields as the API reads multipart text parts (and the schemas parse them). */
export function offerRequest(values: OfferValues): Record<string, string | string[] | undefined> {
  const paid = values.type !== "coupon";
  const cents = (text: string) => {
    const parsed = eurosToCents(text);
    // An unreadable amount is sent as typed: the schema (and the server) refuse it at the field.
    return parsed === undefined ? text.trim() : parsed === null ? undefined : String(parsed);
  };
  return {
    type: values.type,
    industry_id: values.industry_id,
    name: values.name.trim(),
    description: values.description.trim(),
    legal_notes: values.legal_notes.trim(),
    external_link: values.external_link.trim(),
    validity_type: values.validity_type,
    validity_days: values.validity_type === "days" ? values.validity_days.trim() : undefined,
    quantity: paid && values.unlimited ? undefined : values.quantity.trim(),
    start_date: values.start_date,
    end_date: values.end_date,
    location_ids: values.location_ids,
    ...(paid
      ? {
          unlimited: String(values.unlimited),
          price_cents: cents(values.price),
          min_order_quantity: values.min_order_quantity.trim(),
        }
      : {}),
    ...(values.type === "voucher"
      ? { original_price_cents: cents(values.original_price), vat_rate: values.vat_rate }
      : {}),
  };
}

export type PhotoCheck = { photo: File | null; required: boolean };

/**
 * The message keys of what the server would refuse, by field (the first per field): the create
 * schema, the date rules that need today's Berlin day, and the photo's format and size (the
 * server checks the content too).
 */
export function offerIssues(
  values: OfferValues,
  today: string,
  photo: PhotoCheck,
): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  const request = offerRequest(values);
  const schema = values.type === "coupon" ? couponCreateSchema : voucherCreateSchema;
  const result = schema.safeParse(request);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "type");
      issues[field] ??= issue.message as MessageKey;
    }
  }
  const dates = offerDateIssues(
    { start_date: values.start_date || null, end_date: values.end_date || null },
    today,
  );
  for (const [field, key] of dates) issues[field] ??= key;
  if (photo.photo) {
    if (!["image/jpeg", "image/png"].includes(photo.photo.type)) issues.photo = "nft.photo.format";
    else if (photo.photo.size > NFT.photoBytes) issues.photo = "nft.photo.tooLarge";
  } else if (photo.required) issues.photo = "nft.photo.required";
  return issues;
}
