import { itemStateAt, NFT, type NftItemState, type NftType } from "@stempla/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import type { nftPurchases } from "../../db/schema/index.ts";
import { nftCheckUrl, shortWallet, signNftCode } from "./codes.ts";
import { type NftPhoto, nftPhoto } from "./market.ts";

// The customer's wallet of coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md,
// section 7): each item with its signed code (the QR code staff scan), its state as read now
// (`expired` is read, never stored), its last day, the withdrawal deadline of a paid voucher and
// where it can be redeemed.

export interface WalletItem {
  nft_id: string;
  /** The signed code; the app shows it as a QR code of `check_url`. */
  code: string;
  check_url: string;
  state: NftItemState;
  wallet_address: string;
  wallet_address_short: string;
  last_day: string;
  expires_at: string;
  created_at: string;
  price_cents: number;
  purchase_id: number | null;
  receipt_url: string | null;
  withdrawal_ends_at: string | null;
  can_withdraw: boolean;
  redeemed_at: string | null;
  redeemed_location: { id: number; name: string } | null;
  withdrawn_at: string | null;
  offer: {
    id: number;
    type: NftType;
    name: string;
    description: string;
    legal_notes: string | null;
    photo: NftPhoto;
    partner: { id: number; name: string };
  };
  locations: { id: number; name: string; address: string }[];
}

interface ItemRow {
  id: number;
  nft_id: string;
  offer_id: number;
  company_id: number;
  purchase_id: number | null;
  wallet_address: string;
  state: "held" | "redeemed" | "withdrawn";
  price_cents: number;
  expires_at: string | Date;
  last_day: string;
  withdrawal_ends_at: string | Date | null;
  redeemed_at: string | Date | null;
  redeemed_location_id: number | null;
  redeemed_location_name: string | null;
  withdrawn_at: string | Date | null;
  created_at: string | Date;
  type: NftType;
  name: string;
  description: string;
  legal_notes: string | null;
  photo_hash: string;
  photo_width: number | null;
  photo_height: number | null;
  rendition_widths: number[] | null;
  partner_name: string;
  locations: { id: number; name: string; address: string }[] | null;
  total: number;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The app's URL of a paid purchase's receipt. */
export const receiptUrl = (purchaseId: number) => `/api/app/nft/purchases/${purchaseId}/receipt.pdf`;

function itemOf(config: Config, row: ItemRow, now: Date): WalletItem {
  const expiresAt = new Date(row.expires_at);
  const state = itemStateAt({ state: row.state, expiresAt }, now);
  const withdrawalEnds = row.withdrawal_ends_at === null ? null : new Date(row.withdrawal_ends_at);
  const code = signNftCode(config, {
    nftId: row.nft_id,
    offerId: row.offer_id,
    walletAddress: row.wallet_address,
    lastDay: row.last_day,
  });
  return {
    nft_id: row.nft_id,
    code,
    check_url: nftCheckUrl(config, code),
    state,
    wallet_address: row.wallet_address,
    wallet_address_short: shortWallet(row.wallet_address),
    last_day: row.last_day,
    expires_at: expiresAt.toISOString(),
    created_at: iso(row.created_at)!,
    price_cents: row.price_cents,
    purchase_id: row.purchase_id,
    receipt_url: row.purchase_id === null ? null : receiptUrl(row.purchase_id),
    withdrawal_ends_at: iso(withdrawalEnds),
    can_withdraw:
      row.purchase_id !== null &&
      row.state === "held" &&
      withdrawalEnds !== null &&
      now.getTime() < withdrawalEnds.getTime(),
    redeemed_at: iso(row.redeemed_at),
    redeemed_location:
      row.redeemed_location_id === null
        ? null
        : { id: row.redeemed_location_id, name: row.redeemed_location_name ?? "" },
    withdrawn_at: iso(row.withdrawn_at),
    offer: {
      id: row.offer_id,
      type: row.type,
      name: row.name,
      description: row.description,
      legal_notes: row.legal_notes,
      photo: nftPhoto(
        row.company_id,
        row.photo_hash,
        row.photo_width,
        row.photo_height,
        row.rendition_widths,
      ),
      partner: { id: row.company_id, name: row.partner_name },
    },
    locations: row.locations ?? [],
  };
}

/** The wallet's filter: `held` are the valid ones, `expired` held ones past their end. */
export const WALLET_STATES = ["held", "redeemed", "withdrawn", "expired"] as const;
export type WalletState = (typeof WALLET_STATES)[number];

function stateFilter(state: WalletState | undefined, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (state) {
    case undefined:
      return sql``;
    case "held":
      return sql`and i.state = 'held' and i.expires_at > ${at}`;
    case "expired":
      return sql`and i.state = 'held' and i.expires_at <= ${at}`;
    default:
      return sql`and i.state = ${state}`;
  }
}

function itemsQuery(appUserId: number, where: SQL, paging: SQL): SQL {
  return sql`
    select i.id::int, i.nft_id, i.offer_id::int, i.company_id::int, i.purchase_id::int, i.wallet_address, i.state,
      i.price_cents, i.expires_at, i.last_day::text, i.withdrawal_ends_at, i.redeemed_at,
      i.redeemed_location_id::int, rl.name as redeemed_location_name, i.withdrawn_at, i.created_at,
      o.type, o.name, o.description, o.legal_notes, o.photo_hash, ph.width as photo_width, ph.height as photo_height,
      (select array_agg(r.width order by r.width) from nft_photo_renditions r
        where r.company_id = o.company_id and r.hash = o.photo_hash) as rendition_widths,
      coalesce(p.public_name, c.name) as partner_name,
      (select json_agg(json_build_object('id', l.id, 'name', l.name, 'address', l.address) order by l.id)
        from nft_offer_locations ol join locations l on l.id = ol.location_id
        where ol.offer_id = o.id) as locations,
      count(*) over ()::int as total
    from nft_items i
    join nft_offers o on o.id = i.offer_id
    join companies c on c.id = i.company_id
    left join partner_profiles p on p.company_id = i.company_id
    left join nft_photos ph on ph.company_id = o.company_id and ph.hash = o.photo_hash
    left join locations rl on rl.id = i.redeemed_location_id
    where i.app_user_id = ${appUserId} ${where}
    order by i.created_at desc, i.id desc
    ${paging}`;
}

/** GET /nft/wallet: one page of the customer's items, newest first. */
export async function listWallet(
  db: Database,
  config: Config,
  appUserId: number,
  query: { state?: WalletState | undefined; page: number; perPage?: number },
  now: Date = new Date(),
): Promise<{ items: WalletItem[]; total: number; perPage: number }> {
  const perPage = query.perPage ?? NFT.pageSize;
  const rows = rowsOf<ItemRow>(
    await db.execute(
      itemsQuery(
        appUserId,
        stateFilter(query.state, now),
        sql`limit ${perPage} offset ${(query.page - 1) * perPage}`,
      ),
    ),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from nft_items i where i.app_user_id = ${appUserId} ${stateFilter(query.state, now)}`,
      ),
    );
    total = count?.n ?? 0;
  }
  return { items: rows.map((row) => itemOf(config, row, now)), total, perPage };
}

/** One of the customer's items by its NFT id; undefined for another customer's. */
export async function walletItem(
  db: Database,
  config: Config,
  appUserId: number,
  nftId: string,
): Promise<WalletItem | undefined> {
  const [row] = rowsOf<ItemRow>(await db.execute(itemsQuery(appUserId, sql`and i.nft_id = ${nftId}`, sql``)));
  return row && itemOf(config, row, new Date());
}

/** The items a purchase issued (none before it is paid). */
export async function purchaseItems(
  db: Database,
  config: Config,
  appUserId: number,
  purchaseId: number,
): Promise<WalletItem[]> {
  const now = new Date();
  return rowsOf<ItemRow>(
    await db.execute(itemsQuery(appUserId, sql`and i.purchase_id = ${purchaseId}`, sql``)),
  ).map((row) => itemOf(config, row, now));
}

type PurchaseRow = typeof nftPurchases.$inferSelect;

export interface PurchaseView {
  id: number;
  offer_id: number;
  state: string;
  quantity: number;
  unit_price_cents: number;
  gross_cents: number;
  payment_method: string;
  reserved_until: string;
  paid_at: string | null;
  receipt_number: string | null;
  receipt_url: string | null;
  items: WalletItem[];
}

/** GET /nft/purchases/{id}: the purchase's state, its items once paid, and the receipt's URL. */
export async function purchaseView(
  db: Database,
  config: Config,
  appUserId: number,
  row: PurchaseRow,
): Promise<PurchaseView> {
  return {
    id: row.id,
    offer_id: row.offerId,
    state: row.state,
    quantity: row.quantity,
    unit_price_cents: row.unitPriceCents,
    gross_cents: row.grossCents,
    payment_method: row.paymentMethod,
    reserved_until: row.reservedUntil.toISOString(),
    paid_at: iso(row.paidAt),
    receipt_number: row.receiptNumber,
    receipt_url: row.state === "paid" ? receiptUrl(row.id) : null,
    items: await purchaseItems(db, config, appUserId, row.id),
  };
}
