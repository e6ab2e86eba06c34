// `npm run simulate -- --partners N --locations-per-partner M --customers C --months K [--seed S]`:
// live partners (every fifth a franchisor with three franchisees), app customers and months of
// their scans, made through the same services as the API (registration, invitation, set-up, review,
// collectPoint / redeemCard), on the configured database.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase, rowsOf } from "../../apps/api/src/db/client.ts";
import { DEMO_ADMIN, ensureAdmin } from "../../apps/api/src/db/seed/accounts.ts";
import { simulatedMonthsStart } from "../../apps/api/src/db/seed/demo-franchise.ts";
import { seedReferenceData } from "../../apps/api/src/db/seed/reference-data.ts";
import {
  loadSimPartners,
  registerSimCustomers,
  SIMULATED_CUSTOMER_PASSWORD,
  simulateScans,
} from "../../apps/api/src/modules/app/simulation.ts";
import { walletDeriver } from "../../apps/api/src/modules/app/wallet.ts";
import { createSimPartners, SIMULATED_PARTNER_PASSWORD } from "./partners.ts";

const { values } = parseArgs({
  options: {
    partners: { type: "string", default: "5" },
    "locations-per-partner": { type: "string", default: "2" },
    customers: { type: "string", default: "500" },
    months: { type: "string", default: "6" },
    seed: { type: "string", default: "1" },
    concurrency: { type: "string" },
    now: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`npm run simulate -- [--partners 5] [--locations-per-partner 2] [--customers 500] [--months 6]
                       [--seed 1] [--concurrency 1 on PGlite, 8 on PostgreSQL] [--now 2026-11-23T12:00:00Z]
Creates live partners (every fifth a franchisor with three times the locations and three
franchisees, who join through the invitation the team approves), app customers and their scans over
the last months on the configured database (DATABASE_URL, else DATA_DIR/pglite). Every partner went
live at the start of the simulated months, so they are billable. The same seed (and --now, the end
of the simulated period) on an empty database gives the same data.`);
  process.exit(0);
}
const whole = (name: string, value: string | undefined, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${value})`);
    process.exit(1);
  }
  return n;
};
const partnersWanted = whole("partners", values.partners, 1);
const locationsPerPartner = whole("locations-per-partner", values["locations-per-partner"], 1);
const customersWanted = whole("customers", values.customers, 1);
const months = whole("months", values.months, 1);
const seed = whole("seed", values.seed, 0);
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime()) || now.getTime() > Date.now()) {
  console.error(`--now must be a time that has passed (got ${values.now})`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config);
const concurrency = whole("concurrency", values.concurrency ?? (database.kind === "pglite" ? "1" : "8"), 1);
const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const where = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
console.log(`simulate on ${where}: seed ${seed}`);

await database.migrate();
await seedReferenceData(database.db);
const db = database.db;
const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]!.n;

// Numbers continue after what exists, so a second run adds new accounts instead of colliding.
const firstPartner = (await count(sql`select count(*)::int as n from companies`)) + 1;
const firstCustomer = (await count(sql`select count(*)::int as n from app_users`)) + 1;
const firstAdmin = async () =>
  rowsOf<{ id: number }>(
    await db.execute(sql`select id::int from users where role = 'admin' order by id limit 1`),
  )[0];
// The team approves the franchisees' invitations: without a team account yet, the configured one
// (ADMIN_EMAIL, else the demo's) is made, as the server does on its first start.
let admin = await firstAdmin();
if (!admin && partnersWanted >= 5) {
  const login = config.admin ?? DEMO_ADMIN;
  await ensureAdmin(db, login);
  admin = await firstAdmin();
  console.log(`team account ${login.email} created to approve the franchisees' invitations`);
}

let phase = performance.now();
const partners = await createSimPartners(db, config, {
  count: partnersWanted,
  locationsPerPartner,
  seed,
  firstNumber: firstPartner,
  adminId: admin?.id,
  franchisees: 3,
  since: simulatedMonthsStart(months, now),
  onProgress: (done) => {
    if (done % 5 === 0 || done === partnersWanted) console.log(`  partners ${done}/${partnersWanted}`);
  },
});
const partnerSeconds = seconds(phase);
console.log(
  `${partnersWanted} partners (${partners.masters} franchisors) and ${partners.franchisees} franchisees, ` +
    `${partners.locations} locations: ${partnerSeconds} s`,
);

phase = performance.now();
const customers = await registerSimCustomers(db, walletDeriver(config.walletSeed), {
  count: customersWanted,
  seed,
  firstNumber: firstCustomer,
  onProgress: (done) => {
    if (done % 1000 === 0) console.log(`  customers ${done}/${customersWanted}`);
  },
});
const customerSeconds = seconds(phase);
console.log(`${customersWanted} customers: ${customerSeconds} s`);

phase = performance.now();
const simPartners = await loadSimPartners(db, partners.companyIds);
const summary = await simulateScans(db, {
  seed,
  months,
  now,
  partners: simPartners,
  customers,
  concurrency,
  onProgress: (p) =>
    console.log(`  visits ${p.visits}/${p.of}, scans ${p.scans} (${Math.round((p.scans / p.ms) * 1000)}/s)`),
});
const scans = summary.collects + summary.redeems;
const fraudEvents = await count(sql`
  select count(*)::int as n from fraud_events
  where company_id in (${sql.join(partners.companyIds, sql`, `)})`);
await database.close();

const rows: [string, string | number][] = [
  [
    "partners (franchisors) + franchisees",
    `${partnersWanted} (${partners.masters}) + ${partners.franchisees}`,
  ],
  ["locations", partners.locations],
  ["customers", customersWanted],
  ["visits", summary.visits],
  ["scans (collections + redemptions)", scans],
  ["redemptions", summary.redeems],
  [
    "refused: PIN needed / card full",
    `${summary.refused.pin_required ?? 0} / ${summary.refused.card_full ?? 0}`,
  ],
  ["collections with the staff PIN", summary.withPin],
  ["fraud-like bursts / fraud events", `${summary.fraudBursts} / ${fraudEvents}`],
  ["cards sharing contact data", summary.sharing],
  [
    "seconds: partners / customers / scans",
    `${partnerSeconds} / ${customerSeconds} / ${(summary.ms / 1000).toFixed(1)}`,
  ],
  ["ms per scan (incl. refusals)", (summary.ms / Math.max(1, scans)).toFixed(2)],
  ["seconds in all", seconds(started)],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(`\n${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n")}`);
console.log(
  `\nPartner logins: <name>.<number>@example.com / ${SIMULATED_PARTNER_PASSWORD}; ` +
    `customers (app): <first>.<last><number>@example.com / ${SIMULATED_CUSTOMER_PASSWORD}`,
);
