import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../client.ts";
import { DEMO_ADMIN, ensureAdmin, hasUsers, seedDemoAccounts } from "./accounts.ts";
import type { DemoStatisticsSize } from "./demo-statistics.ts";
import { seedReferenceData } from "./reference-data.ts";

/**
 * What the server does to its database before it listens: migrations, reference data, the
 * configured provider-team account and, on a fresh database, the demo accounts (SEED_DEMO).
 * Whether the database is fresh is decided before the configured admin is created, so that
 * account does not make a new database look used.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: Config,
  options: { statistics?: DemoStatisticsSize | false } = {},
): Promise<{ demoSeeded: boolean; seedSeconds: number }> {
  await database.migrate();
  await seedReferenceData(database.db);
  const seedDemo =
    config.seedDemo === "always" ||
    (config.seedDemo === "auto" && database.kind === "pglite" && !(await hasUsers(database.db)));
  if (config.admin) await ensureAdmin(database.db, config.admin);
  const started = performance.now();
  if (seedDemo) await seedDemoAccounts(database.db, config.admin ?? DEMO_ADMIN, config, options);
  return { demoSeeded: seedDemo, seedSeconds: (performance.now() - started) / 1000 };
}
