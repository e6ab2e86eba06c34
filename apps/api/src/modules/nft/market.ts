import {
  berlinDay,
  isExhausted,
  type Locale,
  maxOrder,
  minOrder,
  NFT,
  type NftType,
  type NftValidityType,
  remaining,
  type VoucherPurpose,
} from "@stempla/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";

// The coupon and voucher market of the app (docs/decisions/010-coupons-and-vouchers.md, sections
// 1 and 7): offers on the market of live companies only (green, or orange with the data the team
// last approved, as the scan decides), each with its redeemable locations as customers may see
// them, the nearest first. Paid offers of a partner whose payout account is not active are hidden.

/** Mean earth radius in metres; the haversine distance is exact enough to sort and filter by. */
const EARTH_RADIUS_M = 6_371_008.8;

export interface Position {
  lat: number;
  lng: number;
}

/**
 * Whether a company is live as the scan decides (modules/app/scan.ts): green, or orange with an
 * approval whose published data customers see meanwhile. `c` is the company's alias, `approval`
 * the alias of its last approval (joined by `lastApproval`).
 */
const companyIsLive = (c: string, approval: string) =>
  sql.raw(`(${c}.status = 'green' or (${c}.status = 'orange' and ${approval}.published is not null))`);

/** The last approval of an orange company (nothing for others), as a lateral join. */
const lastApproval = (c: string, alias: string) =>
  sql.raw(`left join lateral (
      select r.published from review_approvals r
      where ${c}.status = 'orange' and r.company_id = ${c}.id
      order by r.approved_at desc, r.id desc limit 1
    ) ${alias} on true`);

/** Metres between a position and the columns `lat`/`lng`, null without a position on either side. */
function distance(position: Position | undefined, lat: SQL, lng: SQL): SQL {
  if (!position) return sql`null::float8`;
  const { lat: lat0, lng: lng0 } = position;
  return sql`(${2 * EARTH_RADIUS_M} * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${lat0}::float8) / 2), 2)
      + cos(radians(${lat0}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng0}::float8) / 2), 2)))))`;
}

/**
 * The redeemable locations of offer `o` that customers may see, with their shown name, address and
 * position: a green company's current data, an orange company's last approved data (a location
 * not yet approved is left out); locations of other companies (a franchisee that is blocked) are
 * left out too. Nearest first when a position is given.
 */
function liveLocations(position: Position | undefined, radiusKm: number | undefined): SQL {
  const lat = sql.raw("coalesce(pl.latitude, case when lc.status = 'green' then l.latitude end)");
  const lng = sql.raw("coalesce(pl.longitude, case when lc.status = 'green' then l.longitude end)");
  const metres = distance(position, lat, lng);
  const within =
    position && radiusKm !== undefined ? sql`and ${metres} <= ${radiusKm * 1000}::float8` : sql``;
  return sql`
    select l.id::int as id,
      case when lc.status = 'orange' then pl.name else l.name end as name,
      case when lc.status = 'orange' then pl.address else l.address end as address,
      ${metres} as distance_m
    from nft_offer_locations ol
    join locations l on l.id = ol.location_id
    join companies lc on lc.id = l.company_id
    ${lastApproval("lc", "la")}
    left join lateral (
      select x.* from jsonb_to_recordset(la.published -> 'locations')
        as x(id bigint, name text, address text, latitude float8, longitude float8)
      where x.id = l.id
    ) pl on true
    where ol.offer_id = o.id and (lc.status = 'green' or (lc.status = 'orange' and pl.id is not null))
      ${within}
    order by distance_m nulls last, l.id`;
}

export interface MarketLocation {
  id: number;
  name: string;
  address: string;
  distance_m: number | null;
}

export interface NftPhoto {
  hash: string;
  width: number | null;
  height: number | null;
  urls: { width: number; url: string }[];
}

export interface MarketOffer {
  id: number;
  type: NftType;
  name: string;
  description: string;
  legal_notes: string | null;
  external_link: string | null;
  photo: NftPhoto;
  industry: { id: number; name: string };
  partner: { id: number; name: string };
  price_cents: number;
  original_price_cents: number | null;
  vat_rate: number | null;
  purpose: VoucherPurpose | null;
  validity_type: NftValidityType;
  validity_days: number | null;
  start_date: string | null;
  end_date: string | null;
  unlimited: boolean;
  quantity: number | null;
  remaining: number | null;
  min_order_quantity: number;
  max_order_quantity: number;
  /** Coupons: whether this customer already holds one (one per customer). */
  claimed: boolean;
  /** Coupons: whether this customer can get one now. */
  claimable: boolean;
  /** Paid vouchers: the customer's right of withdrawal in days (stated before payment). */
  withdrawal_days: number | null;
  /** The nearest redeemable location's distance, null without a position. */
  distance_m: number | null;
  nearest_location: MarketLocation | null;
  /** Every redeemable location customers may see, nearest first (the offer's page only). */
  locations?: MarketLocation[];
}

interface OfferRow {
  id: number;
  company_id: number;
  type: NftType;
  name: string;
  description: string;
  legal_notes: string | null;
  external_link: string | null;
  photo_hash: string;
  photo_width: number | null;
  photo_height: number | null;
  rendition_widths: number[] | null;
  industry_id: number;
  industry_name: string;
  partner_name: string;
  price_cents: number;
  original_price_cents: number | null;
  vat_rate: number | null;
  purpose: VoucherPurpose | null;
  validity_type: NftValidityType;
  validity_days: number | null;
  start_date: string | null;
  end_date: string | null;
  quantity: number | null;
  sold_count: number;
  reserved_count: number;
  min_order_quantity: number;
  claimed: boolean;
  location_id: number;
  location_name: string;
  location_address: string;
  distance_m: number | null;
  total: number;
}

/** The offer photo's WebP renditions, as /media/nft/{company}/{hash}/{width}.webp (section 6). */
export function nftPhoto(
  companyId: number,
  hash: string,
  width: number | null,
  height: number | null,
  widths: number[] | null,
): NftPhoto {
  return {
    hash,
    width,
    height,
    urls: (widths ?? []).map((w) => ({ width: Number(w), url: `/media/nft/${companyId}/${hash}/${w}.webp` })),
  };
}

function offerOf(row: OfferRow): MarketOffer {
  const counts = {
    type: row.type,
    quantity: row.quantity,
    sold_count: row.sold_count,
    reserved_count: row.reserved_count,
    min_order_quantity: row.min_order_quantity,
  };
  const left = remaining(counts);
  const nearest: MarketLocation = {
    id: row.location_id,
    name: row.location_name,
    address: row.location_address,
    distance_m: row.distance_m === null ? null : Math.round(row.distance_m),
  };
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    legal_notes: row.legal_notes,
    external_link: row.external_link,
    photo: nftPhoto(row.company_id, row.photo_hash, row.photo_width, row.photo_height, row.rendition_widths),
    industry: { id: row.industry_id, name: row.industry_name },
    partner: { id: row.company_id, name: row.partner_name },
    price_cents: row.price_cents,
    original_price_cents: row.original_price_cents,
    vat_rate: row.vat_rate,
    purpose: row.purpose,
    validity_type: row.validity_type,
    validity_days: row.validity_days,
    start_date: row.start_date,
    end_date: row.end_date,
    unlimited: row.quantity === null,
    quantity: row.quantity,
    remaining: left,
    min_order_quantity: minOrder(counts),
    max_order_quantity: maxOrder(counts),
    claimed: row.claimed,
    claimable: row.type === "coupon" && !row.claimed && (left === null || left > 0) && !isExhausted(counts),
    withdrawal_days: row.type === "coupon" ? null : NFT.withdrawalDays,
    distance_m: nearest.distance_m,
    nearest_location: nearest,
  };
}

export interface MarketQuery {
  position?: Position;
  radiusKm?: number;
  industryId?: number;
  page: number;
  perPage: number;
}

function offersQuery(
  appUserId: number,
  locale: Locale,
  filter: { position?: Position; radiusKm?: number; industryId?: number; offerId?: number },
  paging: { limit: number; offset: number } | undefined,
): SQL {
  const industryName = locale === "en" ? sql.raw("cat.name_en") : sql.raw("cat.name_de");
  const order = filter.position ? sql`loc.distance_m, o.id` : sql`o.on_market_at desc, o.id desc`;
  return sql`
    select o.id::int, o.company_id::int, o.type, o.name, o.description, o.legal_notes, o.external_link,
      o.photo_hash, ph.width as photo_width, ph.height as photo_height,
      (select array_agg(r.width order by r.width) from nft_photo_renditions r
        where r.company_id = o.company_id and r.hash = o.photo_hash) as rendition_widths,
      o.industry_id, ${industryName} as industry_name,
      coalesce(sa.published ->> 'public_name', p.public_name, c.name) as partner_name,
      o.price_cents, o.original_price_cents, o.vat_rate, o.purpose, o.validity_type, o.validity_days,
      o.start_date::text, o.end_date::text, o.quantity, o.sold_count, o.reserved_count, o.min_order_quantity,
      exists (select 1 from nft_items i
        where i.offer_id = o.id and i.app_user_id = ${appUserId} and i.purchase_id is null) as claimed,
      loc.id as location_id, loc.name as location_name, loc.address as location_address, loc.distance_m,
      count(*) over ()::int as total
    from nft_offers o
    join companies c on c.id = o.company_id
    ${lastApproval("c", "sa")}
    left join partner_profiles p on p.company_id = o.company_id
    join categories cat on cat.id = o.industry_id
    left join nft_photos ph on ph.company_id = o.company_id and ph.hash = o.photo_hash
    left join payment_accounts pa on pa.company_id = o.company_id
    join lateral (${liveLocations(filter.position, filter.radiusKm)} limit 1) loc on true
    where o.state = 'on_market' and ${companyIsLive("c", "sa")}
      -- Past its last day the lifecycle job takes it off; until its next run it is no longer sold.
      and (o.end_date is null or o.end_date >= ${berlinDay(new Date())}::date)
      and (o.type = 'coupon' or (pa.charges_enabled and pa.payouts_enabled))
      ${filter.industryId !== undefined ? sql`and o.industry_id = ${filter.industryId}` : sql``}
      ${filter.offerId !== undefined ? sql`and o.id = ${filter.offerId}` : sql``}
    order by ${order}
    ${paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``}`;
}

/** GET /nft/market: one page of the market, nearest first when the app sends its position. */
export async function listMarket(
  db: Database,
  appUserId: number,
  locale: Locale,
  query: MarketQuery,
): Promise<{ items: MarketOffer[]; total: number }> {
  const rows = rowsOf<OfferRow>(
    await db.execute(
      offersQuery(appUserId, locale, query, {
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      }),
    ),
  );
  // A page past the end has no rows to count on; ask again without paging only then.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    total = rowsOf<OfferRow>(await db.execute(offersQuery(appUserId, locale, query, undefined))).length;
  }
  return { items: rows.map(offerOf), total };
}

/** GET /nft/market/{id}: the offer's page with all its redeemable locations; 404 when not on the market. */
export async function marketOffer(
  db: Database,
  appUserId: number,
  locale: Locale,
  offerId: number,
  position: Position | undefined,
): Promise<MarketOffer> {
  const [row] = rowsOf<OfferRow>(
    await db.execute(offersQuery(appUserId, locale, { position, offerId }, undefined)),
  );
  if (!row) throw HttpError.notFound();
  const locations = rowsOf<MarketLocation>(
    await db.execute(sql`
      select x.id, x.name, x.address, x.distance_m from nft_offers o
      join lateral (${liveLocations(position, undefined)}) x on true
      where o.id = ${offerId}`),
  ).map((l) => ({ ...l, distance_m: l.distance_m === null ? null : Math.round(l.distance_m) }));
  return { ...offerOf(row), locations };
}

/** An offer as a claim or purchase reads it, with why it may not be sold now. */
export interface SellableOffer {
  id: number;
  companyId: number;
  type: NftType;
  name: string;
  state: string;
  offMarketReason: string | null;
  everOnMarket: boolean;
  live: boolean;
  payoutActive: boolean;
  priceCents: number;
  vatRate: number | null;
  purpose: VoucherPurpose | null;
  validityType: NftValidityType;
  validityDays: number | null;
  endDate: string | null;
  quantity: number | null;
  soldCount: number;
  reservedCount: number;
  minOrderQuantity: number;
}

/** The offer a customer wants to get or buy; undefined when it does not exist. */
export async function sellableOffer(db: Database, offerId: number): Promise<SellableOffer | undefined> {
  const [row] = rowsOf<{
    id: number;
    company_id: number;
    type: NftType;
    name: string;
    state: string;
    off_market_reason: string | null;
    on_market_at: string | null;
    live: boolean;
    payout_active: boolean | null;
    price_cents: number;
    vat_rate: number | null;
    purpose: VoucherPurpose | null;
    validity_type: NftValidityType;
    validity_days: number | null;
    end_date: string | null;
    quantity: number | null;
    sold_count: number;
    reserved_count: number;
    min_order_quantity: number;
  }>(
    await db.execute(sql`
      select o.id::int, o.company_id::int, o.type, o.name, o.state, o.off_market_reason, o.on_market_at,
        ${companyIsLive("c", "sa")} as live, (pa.charges_enabled and pa.payouts_enabled) as payout_active,
        o.price_cents, o.vat_rate, o.purpose, o.validity_type, o.validity_days, o.end_date::text,
        o.quantity, o.sold_count, o.reserved_count, o.min_order_quantity
      from nft_offers o
      join companies c on c.id = o.company_id
      ${lastApproval("c", "sa")}
      left join payment_accounts pa on pa.company_id = o.company_id
      where o.id = ${offerId}`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    name: row.name,
    state: row.state,
    offMarketReason: row.off_market_reason,
    everOnMarket: row.on_market_at !== null,
    live: row.live,
    payoutActive: row.payout_active === true,
    priceCents: row.price_cents,
    vatRate: row.vat_rate,
    purpose: row.purpose,
    validityType: row.validity_type,
    validityDays: row.validity_days,
    endDate: row.end_date,
    quantity: row.quantity,
    soldCount: row.sold_count,
    reservedCount: row.reserved_count,
    minOrderQuantity: row.min_order_quantity,
  };
}

/** An offer that left the market because everything was sold or given out is "sold out" to customers. */
export const isSoldOut = (reason: string | null) => reason === "sold_out" || reason === "issued";

export const notOnMarket = () =>
  new HttpError(409, { code: "nft_not_on_market", messageKey: "nft.notOnMarket" });
export const soldOut = () => new HttpError(409, { code: "nft_sold_out", messageKey: "nft.soldOut" });

/**
 * Why a customer cannot get or buy the offer now, as the error to answer, or nothing. An offer
 * customers never saw (in review, rejected, scheduled) does not exist for them (404).
 */
export function unsellable(offer: SellableOffer | undefined, kind: "coupon" | "paid"): HttpError | undefined {
  if (!offer?.everOnMarket) return HttpError.notFound();
  if ((kind === "coupon") !== (offer.type === "coupon")) return HttpError.notFound();
  if (offer.state === "off_market" && isSoldOut(offer.offMarketReason)) return soldOut();
  const ended = offer.endDate !== null && offer.endDate < berlinDay(new Date());
  if (offer.state !== "on_market" || !offer.live || ended) return notOnMarket();
  // The partner's payout account stopped: its paid offers are hidden from the market (section 1).
  if (kind === "paid" && !offer.payoutActive) {
    return new HttpError(409, { code: "payment_account_inactive", messageKey: "nft.notOnMarket" });
  }
  return undefined;
}
