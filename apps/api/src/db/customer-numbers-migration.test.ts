import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0019 (docs/product.md, "Statistics"): existing cards get their customer numbers per
// partner in the order the customers came, the counters continue after them, and the months'
// extra-revenue basis is recounted with the one definition of a returning customer.

const folder = mkdtempSync(path.join(os.tmpdir(), "stempla-migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("numbers the existing cards per partner and recounts the returning collections", async () => {
  cpSync(path.join(import.meta.dirname, "migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((e: { tag: string }) => e.tag < "0019_") }),
  );
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });

  const location = (id: number, company: number) =>
    `(${id}, ${company}, 'L${id}', 'Markt', '1', '50667', 'Köln', 'DE', 'Markt 1', '{}', '1234', 'code${id}')`;
  await client.exec(`
    insert into companies (id, type, name) values (1, 'partner', 'Café'), (2, 'partner', 'Bäckerei');
    insert into locations (id, company_id, name, street, building, postcode, city, country, address, working_hours, pin, scan_code)
      values ${[location(11, 1), location(12, 1), location(21, 2)].join(", ")};
    insert into app_users (id, email) values (1, 'a@app.test'), (2, 'b@app.test'), (3, 'c@app.test');
    -- Noon UTC: the same day and month in Germany.
    insert into scans (company_id, location_id, app_user_id, kind, points, balance, method, created_at) values
      (1, 11, 1, 'collect', 1, 1, 'qr', '2026-01-10T12:00Z'),
      (1, 11, 1, 'collect', 1, 2, 'qr', '2026-02-05T12:00Z'),
      (1, 12, 1, 'collect', 1, 3, 'qr', '2026-02-06T12:00Z'),
      (1, 11, 2, 'collect', 1, 1, 'qr', '2026-02-10T12:00Z'),
      (1, 11, 2, 'collect', 1, 2, 'qr', '2026-02-20T12:00Z'),
      (1, 12, 3, 'collect', 1, 1, 'qr', '2026-02-25T12:00Z'),
      (2, 21, 3, 'collect', 1, 1, 'qr', '2026-01-15T12:00Z'),
      (2, 21, 3, 'collect', 1, 2, 'qr', '2026-02-15T12:00Z');
    -- Card ids not in the order the customers came.
    insert into cards (id, company_id, app_user_id, points, collects, first_scan_at, last_scan_at) values
      (1, 1, 2, 2, 2, '2026-02-10T12:00Z', '2026-02-20T12:00Z'),
      (2, 1, 1, 3, 3, '2026-01-10T12:00Z', '2026-02-06T12:00Z'),
      (3, 1, 3, 1, 1, '2026-02-25T12:00Z', '2026-02-25T12:00Z'),
      (4, 2, 3, 2, 2, '2026-01-15T12:00Z', '2026-02-15T12:00Z');
    insert into stats_customer_seen (company_id, location_id, app_user_id, month)
      select distinct company_id, scope, app_user_id, date_trunc('month', created_at at time zone 'Europe/Berlin')::date
      from scans cross join lateral (values (location_id), (0::bigint)) as x(scope);
    -- Counted the old way (every collection after the customer's first at the partner).
    insert into stats_months (company_id, location_id, month, collects, returning_collects) values
      (1, 0, '2026-01-01', 1, 0), (1, 11, '2026-01-01', 1, 0),
      (1, 0, '2026-02-01', 5, 3), (1, 11, '2026-02-01', 3, 2), (1, 12, '2026-02-01', 2, 1),
      (2, 0, '2026-01-01', 1, 0), (2, 21, '2026-01-01', 1, 0),
      (2, 0, '2026-02-01', 1, 1), (2, 21, '2026-02-01', 1, 1);`);

  writeFileSync(journalPath, JSON.stringify(journal));
  await migrate(db, { migrationsFolder: folder });

  const numbers = await client.query(
    "select company_id::int, app_user_id::int, customer_number from cards order by company_id, customer_number",
  );
  expect(numbers.rows).toEqual([
    { company_id: 1, app_user_id: 1, customer_number: 1 },
    { company_id: 1, app_user_id: 2, customer_number: 2 },
    { company_id: 1, app_user_id: 3, customer_number: 3 },
    // The same customer has the bakery's own number.
    { company_id: 2, app_user_id: 3, customer_number: 1 },
  ]);
  const counters = await client.query("select company_id::int, last from customer_numbers order by 1");
  expect(counters.rows).toEqual([
    { company_id: 1, last: 3 },
    { company_id: 2, last: 1 },
  ]);

  const months = await client.query(`
    select company_id::int, location_id::int, to_char(month, 'YYYY-MM') as month, returning_collects
    from stats_months order by 1, 2, 3`);
  expect(months.rows).toEqual([
    // February at the café: only customer 1 came in an earlier month, with 2 scans (one at each
    // location); customer 2's second scan in February is still a new customer's.
    { company_id: 1, location_id: 0, month: "2026-01", returning_collects: 0 },
    { company_id: 1, location_id: 0, month: "2026-02", returning_collects: 2 },
    { company_id: 1, location_id: 11, month: "2026-01", returning_collects: 0 },
    { company_id: 1, location_id: 11, month: "2026-02", returning_collects: 1 },
    // At location 12 everybody came for the first time in February.
    { company_id: 1, location_id: 12, month: "2026-02", returning_collects: 0 },
    { company_id: 2, location_id: 0, month: "2026-01", returning_collects: 0 },
    { company_id: 2, location_id: 0, month: "2026-02", returning_collects: 1 },
    { company_id: 2, location_id: 21, month: "2026-01", returning_collects: 0 },
    { company_id: 2, location_id: 21, month: "2026-02", returning_collects: 1 },
  ]);
  await client.close();
});
