// `npm run seed`: reference data and the demo accounts, on the configured database.
import { loadConfig } from "../../apps/api/src/config.ts";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import {
  DEMO_ADMIN,
  DEMO_FRANCHISEES,
  DEMO_FRANCHISOR,
  DEMO_PARTNER,
  DEMO_REVIEW_PARTNERS,
  seedDemoAccounts,
} from "../../apps/api/src/db/seed/accounts.ts";
import { seedReferenceData } from "../../apps/api/src/db/seed/reference-data.ts";

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await seedReferenceData(database.db);
await seedDemoAccounts(database.db, DEMO_ADMIN, config);
await database.close();
console.log(`Demo accounts ready:
  provider team: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}
  partner:       ${DEMO_PARTNER.email} / ${DEMO_PARTNER.password}
  in review:     ${DEMO_REVIEW_PARTNERS.yellow.email}, ${DEMO_REVIEW_PARTNERS.orange.email} (same password)
  franchisor:    ${DEMO_FRANCHISOR.email}, franchisees ${DEMO_FRANCHISEES.live.map((f) => f.email).join(", ")} (same password)`);
