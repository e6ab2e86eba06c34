import { pipeline, Readable } from "node:stream";
import {
  addDays,
  BERLIN_TIME_ZONE,
  berlinDay,
  berlinMidnight,
  daySchema,
  type Locale,
  NFT,
  NFT_MONITOR_KINDS,
  NFT_TYPES,
  type NftMonitorKind,
  type NftMonitorRow,
  type NftType,
  wholeNumber,
} from "@stempla/domain";
import { stringify } from "csv-stringify";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { hashToken, newToken } from "../auth/service.ts";
// The monitor's CSV names customers who share their contact, so the clients CSV's rule for red
// accounts (docs/product.md, "Account status") holds for it too.
import { neutralise, refuseExportWhileRed } from "../clients/service.ts";

// The partner's monitor of coupons and vouchers (docs/decisions/010-coupons-and-vouchers.md,
// sections 7 and 8): every issue, purchase, redemption and refund of the company's offers, read
// from nft_item_events, which each of those transactions writes. The events carry the offer's
// company, so a master sees the redemptions at its franchisees' locations of its own offers, and
// a franchisee never sees the master's.

const selectionFields = z.object({
  /** First Berlin day shown (inclusive). */
  from: daySchema.optional(),
  /** Last Berlin day shown (inclusive). */
  to: daySchema.optional(),
  type: z.enum(NFT_TYPES, { error: "input.invalid" }).optional(),
  kind: z.enum(NFT_MONITOR_KINDS, { error: "input.invalid" }).optional(),
  offer_id: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
});
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const rangeIssue = { error: "nft.endDate.beforeStart", path: ["to"] };

/** What selects the monitor's rows: the page's filters without the paging. */
export const monitorSelectionSchema = selectionFields.refine(rangeInOrder, rangeIssue);
export type MonitorSelection = z.infer<typeof monitorSelectionSchema>;

/** `?page=&per_page=&from=&to=&type=&kind=&offer_id=` (15 per page as the lists, NFT.pageSize). */
export const monitorQuerySchema = selectionFields
  .extend({
    page: wholeNumber(1, 100_000).default(1),
    per_page: wholeNumber(1, 100).default(NFT.pageSize),
  })
  .refine(rangeInOrder, rangeIssue);
export type MonitorQuery = z.infer<typeof monitorQuerySchema>;

/** A download link of the CSV lives this long (as the clients CSV's: a handle for one navigation). */
export const MONITOR_EXPORT_TTL_MS = 5 * 60_000;
/** Rows read per query while the CSV streams (keyset pagination by time and event id). */
export const MONITOR_EXPORT_BATCH_SIZE = 1000;

/**
 * An offer named in the filter must be one of the caller's company: another partner's (or a
 * missing) offer is 404, the same answer for both so nothing is revealed.
 */
async function checkOffer(db: Database, companyId: number, offerId: number | undefined): Promise<void> {
  if (offerId === undefined) return;
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from nft_offers where id = ${offerId} and company_id = ${companyId}`),
  );
  if (!row) throw HttpError.notFound();
}

/** The WHERE clause of a selection; `e` is nft_item_events, `o` nft_offers. */
function whereOf(companyId: number, q: MonitorSelection): SQL {
  const conditions: SQL[] = [sql`e.company_id = ${companyId}`];
  // Days are Berlin days: "from 1 December" starts at 00:00 in the shop, not in UTC.
  if (q.from) conditions.push(sql`e.created_at >= ${berlinMidnight(q.from).toISOString()}::timestamptz`);
  if (q.to)
    conditions.push(sql`e.created_at < ${berlinMidnight(addDays(q.to, 1)).toISOString()}::timestamptz`);
  if (q.type) conditions.push(sql`o.type = ${q.type}`);
  if (q.kind) conditions.push(sql`e.kind = ${q.kind}`);
  if (q.offer_id !== undefined) conditions.push(sql`e.offer_id = ${q.offer_id}`);
  return sql.join(conditions, sql` and `);
}

const FROM = sql`from nft_item_events e
  join nft_offers o on o.id = e.offer_id
  left join nft_items i on i.id = e.item_id
  left join app_users u on u.id = e.app_user_id
  left join locations l on l.id = e.location_id`;

// The customer's name only when they agreed in the app to share their contact data with this
// partner (cards.share_contact, as the clients list decides); the wallet address identifies the
// holder in every row, as the item was issued to it.
const COLUMNS = sql`e.id::int as id, e.created_at, e.offer_id::int as offer_id, o.name, o.type,
  coalesce(i.price_cents, o.price_cents)::int as price_cents, e.kind,
  coalesce(i.wallet_address, u.wallet_address, '') as wallet_address,
  case when exists (select 1 from cards k
      where k.company_id = e.company_id and k.app_user_id = e.app_user_id and k.share_contact)
    then nullif(trim(concat_ws(' ', u.first_name, u.surname)), '') end as client_name,
  i.nft_id, l.id::int as location_id, l.name as location_name,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor`;

interface Row {
  id: number;
  created_at: string | Date;
  offer_id: number;
  name: string;
  type: NftType;
  price_cents: number;
  kind: NftMonitorKind;
  wallet_address: string;
  client_name: string | null;
  nft_id: string | null;
  location_id: number | null;
  location_name: string | null;
  /** created_at to the microsecond, for the CSV's keyset (a JS Date would cut it). */
  cursor: string;
}

const toMonitorRow = (row: Row): NftMonitorRow => ({
  at: new Date(row.created_at).toISOString(),
  offer_id: row.offer_id,
  name: row.name,
  type: row.type,
  price_cents: row.price_cents,
  kind: row.kind,
  client: { wallet_address: row.wallet_address, name: row.client_name },
  nft_id: row.nft_id,
  location: row.location_id === null ? null : { id: row.location_id, name: row.location_name ?? "" },
});

export interface MonitorPage {
  data: NftMonitorRow[];
  meta: { page: number; per_page: number; total: number };
}

/** One page of the monitor, the newest event first (ties by event id, so pages never overlap). */
export async function listMonitor(
  db: Database,
  companyId: number,
  query: MonitorQuery,
): Promise<MonitorPage> {
  await checkOffer(db, companyId, query.offer_id);
  const where = whereOf(companyId, query);
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    db
      .execute(sql`select ${COLUMNS} ${FROM} where ${where}
        order by e.created_at desc, e.id desc limit ${query.per_page} offset ${offset}`)
      .then((r) => rowsOf<Row>(r)),
    db
      .execute(sql`select count(*)::int as n from nft_item_events e join nft_offers o on o.id = e.offer_id
        where ${where}`)
      .then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return {
    data: rows.map(toMonitorRow),
    meta: { page: query.page, per_page: query.per_page, total: Number(count?.n ?? 0) },
  };
}

/** Every row of a selection in batches, in the page's order (keyset, one batch in memory). */
export async function* monitorBatches(
  db: Database,
  companyId: number,
  selection: MonitorSelection,
  batchSize = MONITOR_EXPORT_BATCH_SIZE,
): AsyncGenerator<NftMonitorRow[]> {
  const where = whereOf(companyId, selection);
  let after: { cursor: string; id: number } | undefined;
  for (;;) {
    const keyset = after
      ? sql`and e.created_at <= ${after.cursor}::timestamptz
          and (e.created_at, e.id) < (${after.cursor}::timestamptz, ${after.id})`
      : sql``;
    const rows = rowsOf<Row>(
      await db.execute(sql`select ${COLUMNS} ${FROM} where ${where} ${keyset}
        order by e.created_at desc, e.id desc limit ${batchSize}`),
    );
    if (rows.length > 0) yield rows.map(toMonitorRow);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}

/** What a download link stands for; `export` keeps it apart from the clients CSV's links. */
const exportRequestSchema = z.object({
  export: z.literal("nft_monitor"),
  from: daySchema.optional(),
  to: daySchema.optional(),
  type: z.enum(NFT_TYPES).optional(),
  kind: z.enum(NFT_MONITOR_KINDS).optional(),
  offer_id: z.number().optional(),
  locale: z.enum(["de", "en"]),
});
export type MonitorExport = z.infer<typeof exportRequestSchema>;

/**
 * A short-lived download link of the CSV of a selection (the browser navigates to it, as for the
 * clients CSV, spec section 7); only the token's hash is stored, with the company that may use it.
 */
export async function createMonitorExport(
  db: Database,
  companyId: number,
  selection: MonitorSelection,
  locale: Locale,
  now = new Date(),
): Promise<string> {
  await checkOffer(db, companyId, selection.offer_id);
  await refuseExportWhileRed(db, companyId);
  const { token, hash } = newToken();
  const request: MonitorExport = {
    export: "nft_monitor",
    from: selection.from,
    to: selection.to,
    type: selection.type,
    kind: selection.kind,
    offer_id: selection.offer_id,
    locale,
  };
  await db.execute(sql`delete from export_tokens where expires_at < ${now.toISOString()}::timestamptz`);
  await db.execute(sql`
    insert into export_tokens (token_hash, company_id, query, expires_at)
    values (${hash}, ${companyId}, ${JSON.stringify(request)},
      ${new Date(now.getTime() + MONITOR_EXPORT_TTL_MS).toISOString()}::timestamptz)`);
  return token;
}

/** The export a link stands for; 404 when it is unknown, expired, another partner's or no monitor link. */
export async function findMonitorExport(
  db: Database,
  companyId: number,
  token: string,
  now = new Date(),
): Promise<MonitorExport> {
  const [row] = rowsOf<{ query: string }>(
    await db.execute(sql`
      select query from export_tokens
      where token_hash = ${hashToken(token)} and company_id = ${companyId}
        and expires_at > ${now.toISOString()}::timestamptz`),
  );
  if (!row) throw HttpError.notFound();
  await refuseExportWhileRed(db, companyId);
  const parsed = exportRequestSchema.safeParse(JSON.parse(row.query));
  if (!parsed.success) throw HttpError.notFound();
  return parsed.data;
}

// The CSV as Excel opens it in either language, as the clients CSV (modules/clients/csv.ts):
// UTF-8 with BOM, CRLF, ";" and German dates and decimal commas in German, "," and ISO in English.

const TYPE_NAMES: Record<Locale, Record<NftType, string>> = {
  de: { coupon: "Coupon", voucher: "Gutschein", cash_voucher: "Wertgutschein" },
  en: { coupon: "Coupon", voucher: "Voucher", cash_voucher: "Cash voucher" },
};
const KIND_NAMES: Record<Locale, Record<NftMonitorKind, string>> = {
  de: { issued: "Ausgegeben", purchased: "Gekauft", redeemed: "Eingelöst", refunded: "Erstattet" },
  en: { issued: "Issued", purchased: "Purchased", redeemed: "Redeemed", refunded: "Refunded" },
};
type CsvColumn =
  | "at"
  | "name"
  | "type"
  | "price"
  | "kind"
  | "client"
  | "wallet_address"
  | "nft_id"
  | "location";
const HEADERS: Record<Locale, Record<CsvColumn, string>> = {
  de: {
    at: "Datum und Uhrzeit",
    name: "Angebot",
    type: "Art",
    price: "Preis (EUR)",
    kind: "Status",
    client: "Kunde",
    wallet_address: "Wallet-Adresse",
    nft_id: "Gutschein-ID",
    location: "Standort",
  },
  en: {
    at: "Date and time",
    name: "Offer",
    type: "Type",
    price: "Price (EUR)",
    kind: "Status",
    client: "Customer",
    wallet_address: "Wallet address",
    nft_id: "Voucher ID",
    location: "Location",
  },
};
const COLUMN_ORDER: CsvColumn[] = [
  "at",
  "name",
  "type",
  "price",
  "kind",
  "client",
  "wallet_address",
  "nft_id",
  "location",
];

const clockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: BERLIN_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment as a Berlin date and time: "25.11.2026 14:05" (de), "2026-11-25 14:05" (en). */
function berlinDateTime(at: Date, locale: Locale): string {
  const day = berlinDay(at);
  const date = locale === "de" ? `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}` : day;
  return `${date} ${clockFormat.format(at)}`;
}

const euros = (cents: number, locale: Locale) => {
  const text = (cents / 100).toFixed(2);
  return locale === "de" ? text.replace(".", ",") : text;
};

export const monitorCsvFileName = (locale: Locale, now: Date) =>
  `${locale === "de" ? "gutscheine-monitor" : "vouchers-monitor"}-${berlinDay(now)}.csv`;

function record(row: NftMonitorRow, locale: Locale): Record<CsvColumn, string> {
  return {
    at: berlinDateTime(new Date(row.at), locale),
    name: neutralise(row.name),
    type: TYPE_NAMES[locale][row.type],
    price: euros(row.price_cents, locale),
    kind: KIND_NAMES[locale][row.kind],
    client: neutralise(row.client.name ?? ""),
    wallet_address: neutralise(row.client.wallet_address),
    nft_id: row.nft_id ?? "",
    location: neutralise(row.location?.name ?? ""),
  };
}

/** The CSV of the rows the batches yield, as a stream pulled as fast as the reader takes it. */
export function monitorCsv(
  batches: AsyncIterable<NftMonitorRow[]>,
  locale: Locale,
  onError: (e: Error) => void,
) {
  async function* records() {
    for await (const batch of batches) {
      for (const row of batch) yield record(row, locale);
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    delimiter: locale === "de" ? ";" : ",",
    record_delimiter: "windows",
    quoted_match: /[\r\n]/,
    columns: COLUMN_ORDER.map((key) => ({ key, header: HEADERS[locale][key] })),
  });
  return pipeline(Readable.from(records()), csv, (error) => {
    if (error) onError(error);
  });
}
