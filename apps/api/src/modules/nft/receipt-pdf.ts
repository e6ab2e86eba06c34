import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";

/**
 * The next receipt number of the partner's own sequence for the year, `STG-{company}-{year}-{n}`
 * (docs/decisions/010-coupons-and-vouchers.md, section 5), in the caller's transaction: the row
 * lock of the upsert serialises concurrent purchases, and a rolled-back purchase gives its number
 * back, so the sequence is gapless as invoice numbers are. Call it only once the purchase is
 * certainly paid in this transaction.
 */
export async function nextReceiptNumber(tx: Database, companyId: number, year: number): Promise<string> {
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into nft_receipt_numbers (company_id, year, last) values (${companyId}, ${year}, 1)
      on conflict (company_id, year) do update set last = nft_receipt_numbers.last + 1
      returning last`),
  );
  return `STG-${companyId}-${year}-${row!.last}`;
}
