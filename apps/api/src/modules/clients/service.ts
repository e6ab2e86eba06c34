import {
  type Client,
  type ClientsQuery,
  INACTIVE_AFTER_DAYS,
  type Locale,
  normalisePhone,
} from "@stempla/domain";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, rowsOf } from "../../db/client.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { hashToken, newToken } from "../auth/service.ts";
import { scannedCardPoints } from "../review/service.ts";

// The clients list (spec section 2 "Clients", section 7): the partner's customers who agreed in
// the app to share their contact data with this partner (cards.share_contact) and who have
// collected here at least once. Every query is scoped by the caller's company.

/** What selects the clients: the list's query without the paging. */
export type ClientSelection = Pick<ClientsQuery, "search" | "filter">;

/** A download link of the CSV lives this long (it is only a handle for the browser's navigation). */
export const EXPORT_TOKEN_TTL_MS = 5 * 60_000;
/** Rows read per query while the CSV streams (keyset pagination by last visit and card id). */
export const EXPORT_BATCH_SIZE = 1000;
/** More search words than this are ignored (each one is an ILIKE over four columns). */
const MAX_SEARCH_TERMS = 5;

const DAY_MS = 86_400_000;

/** `%`, `_` and the escape character itself match literally in a search. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** The WHERE clause of a selection; `k` is cards, `u` app_users, `p` partner_profiles. */
function whereOf(companyId: number, selection: ClientSelection, now: Date): SQL {
  const conditions: SQL[] = [sql`k.company_id = ${companyId}`, sql`k.share_contact`, sql`k.collects > 0`];
  const search = (selection.search ?? "").trim();
  const terms = search.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);
  // Every word must match one of the fields, so "anna schmidt" finds Anna Schmidt.
  const words = terms.map((term) => {
    const pattern = `%${escapeLike(term)}%`;
    return sql`(u.email ilike ${pattern} escape '\\' or u.first_name ilike ${pattern} escape '\\'
      or u.surname ilike ${pattern} escape '\\' or u.phone ilike ${pattern} escape '\\')`;
  });
  // Numbers are stored as E.164 (docs/decisions/007-phone-numbers-e164.md): a search that reads as
  // a number, as people write it ("0170 1234567"), also finds that number.
  const phone = search ? normalisePhone(search) : undefined;
  if (words.length > 0) {
    const allWords = sql.join(words, sql` and `);
    conditions.push(phone ? sql`(${allWords} or u.phone = ${phone})` : allWords);
  }
  const activeSince = new Date(now.getTime() - INACTIVE_AFTER_DAYS * DAY_MS).toISOString();
  switch (selection.filter) {
    case "full": {
      // Full as scans count it: while a change waits for review, by the approved card's points (a
      // card without points is never full: the comparison with null is not true).
      conditions.push(sql`k.points >= ${scannedCardPoints(companyId, sql`p.points`)}`);
      break;
    }
    case "active":
      conditions.push(sql`k.last_scan_at >= ${activeSince}::timestamptz`);
      break;
    case "inactive":
      conditions.push(sql`k.last_scan_at < ${activeSince}::timestamptz`);
      break;
  }
  return sql.join(conditions, sql` and `);
}

const FROM = sql`from cards k
  join app_users u on u.id = k.app_user_id
  left join partner_profiles p on p.company_id = k.company_id`;

const COLUMNS = sql`k.id::int as id, k.customer_number as number, u.email, u.first_name, u.surname, u.phone,
  to_char(u.date_of_birth, 'YYYY-MM-DD') as date_of_birth, k.points, k.collects, k.last_scan_at,
  to_char(k.last_scan_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor`;
/**
 * The export's columns: the list's and the wallet address, which no screen shows (a screen names a
 * customer by name or number); the CSV has it for the customers who share their data, as the
 * selection only holds those.
 */
const EXPORT_COLUMNS = sql`${COLUMNS}, coalesce(u.wallet_address, '') as wallet_address`;

interface Row {
  id: number;
  number: number;
  email: string;
  first_name: string | null;
  surname: string | null;
  phone: string | null;
  date_of_birth: string | null;
  points: number;
  collects: number;
  last_scan_at: string | Date;
  /** last_scan_at to the microsecond (a JS Date would cut it to milliseconds and break the keyset). */
  cursor: string;
}

/** A client as the CSV has them: with the wallet address. */
export type ExportedClient = Client & { wallet_address: string };

const toClient = ({ cursor: _, last_scan_at, ...row }: Row): Client => ({
  ...row,
  last_visit: new Date(last_scan_at).toISOString(),
});
const toExportedClient = ({ wallet_address, ...row }: Row & { wallet_address: string }): ExportedClient => ({
  ...toClient(row),
  wallet_address,
});

export interface ClientsPage {
  data: Client[];
  meta: { page: number; per_page: number; total: number };
}

/** One page of clients, the most recent visit first (ties by card id, so pages never overlap). */
export async function listClients(
  db: Database,
  companyId: number,
  query: ClientsQuery,
  now = new Date(),
): Promise<ClientsPage> {
  const where = whereOf(companyId, query, now);
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    db
      .execute(sql`select ${COLUMNS} ${FROM} where ${where}
        order by k.last_scan_at desc, k.id desc limit ${query.per_page} offset ${offset}`)
      .then((r) => rowsOf<Row>(r)),
    db.execute(sql`select count(*)::int as n ${FROM} where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return {
    data: rows.map(toClient),
    meta: { page: query.page, per_page: query.per_page, total: Number(count?.n ?? 0) },
  };
}

/**
 * All clients of a selection in batches, in list order. Each batch is one keyset query after the
 * last row of the one before, so an export of any size holds one batch in memory at a time and
 * never pays for a growing OFFSET.
 */
export async function* clientBatches(
  db: Database,
  companyId: number,
  selection: ClientSelection,
  now = new Date(),
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportedClient[]> {
  const where = whereOf(companyId, selection, now);
  let after: { cursor: string; id: number } | undefined;
  for (;;) {
    // The plain `<=` on last_scan_at lets the (company_id, last_scan_at) index bound the scan.
    const keyset = after
      ? sql`and k.last_scan_at <= ${after.cursor}::timestamptz
          and (k.last_scan_at, k.id) < (${after.cursor}::timestamptz, ${after.id})`
      : sql``;
    const rows = rowsOf<Row & { wallet_address: string }>(
      await db.execute(sql`select ${EXPORT_COLUMNS} ${FROM} where ${where} ${keyset}
        order by k.last_scan_at desc, k.id desc limit ${batchSize}`),
    );
    if (rows.length > 0) yield rows.map(toExportedClient);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}

/** What an export link stands for: the selection and the language the partner asked in. */
const exportQuerySchema = z.object({
  search: z.string().optional(),
  filter: z.enum(["all", "full", "active", "inactive"]),
  locale: z.enum(["de", "en"]),
});
export type ExportRequest = z.infer<typeof exportQuerySchema>;

/**
 * A short-lived download link for the CSV of a selection. The browser downloads by navigating to
 * it (spec section 7); only the token's hash is stored, with the company that may use it.
 */
export async function createExport(
  db: Database,
  companyId: number,
  selection: ClientSelection,
  locale: Locale,
  now = new Date(),
): Promise<string> {
  await refuseExportWhileRed(db, companyId);
  const { token, hash } = newToken();
  const query: ExportRequest = { search: selection.search, filter: selection.filter, locale };
  // Expired links of every partner go on the way (they are a few rows at most).
  await db.execute(sql`delete from export_tokens where expires_at < ${now.toISOString()}::timestamptz`);
  await db.execute(sql`
    insert into export_tokens (token_hash, company_id, query, expires_at)
    values (${hash}, ${companyId}, ${JSON.stringify(query)},
      ${new Date(now.getTime() + EXPORT_TOKEN_TTL_MS).toISOString()}::timestamptz)`);
  return token;
}

/**
 * A red account exports no personal data (docs/product.md, "Account status"): a block may be for
 * misuse, and a link asked for before the block must not work after it either. The coupon
 * monitor's CSV names customers too and uses this rule.
 */
export async function refuseExportWhileRed(db: Database, companyId: number): Promise<void> {
  const [company] = rowsOf<{ status: string }>(
    await db.execute(sql`select status from companies where id = ${companyId}`),
  );
  if (company?.status === "red")
    throw new HttpError(403, { code: "account_red", messageKey: "clients.exportBlocked" });
}

/** The export a link stands for; 404 when it is unknown, expired or another partner's. */
export async function findExport(
  db: Database,
  companyId: number,
  token: string,
  now = new Date(),
): Promise<ExportRequest> {
  const [row] = rowsOf<{ query: string }>(
    await db.execute(sql`
      select query from export_tokens
      where token_hash = ${hashToken(token)} and company_id = ${companyId}
        and expires_at > ${now.toISOString()}::timestamptz`),
  );
  if (!row) throw HttpError.notFound();
  await refuseExportWhileRed(db, companyId);
  const parsed = exportQuerySchema.safeParse(JSON.parse(row.query));
  if (!parsed.success) throw HttpError.notFound();
  return parsed.data;
}

/** Spreadsheet-safe text cells, for other modules' CSV downloads (the coupons monitor's). */
export { neutralise } from "./csv.ts";
