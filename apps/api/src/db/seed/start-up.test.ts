import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { type DatabaseHandle, openPglite } from "../client.ts";
import { companies, users } from "../schema/index.ts";
import { DEMO_FRANCHISEES, DEMO_FRANCHISOR, DEMO_PARTNER } from "./accounts.ts";
import { prepareDatabase } from "./start-up.ts";

// What `npm start` does to a fresh embedded database before it listens (README, "The two commands").

const ADMIN = { ADMIN_EMAIL: "Team@Example.org", ADMIN_PASSWORD: "sehr-geheim-2026" };
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function userEmails(handle: DatabaseHandle) {
  return (await handle.db.select({ email: users.email, role: users.role }).from(users)).map(
    (u) => `${u.role}:${u.email}`,
  );
}

describe("prepareDatabase on a fresh embedded database", () => {
  it("with ADMIN_EMAIL set still creates the demo accounts, with the configured admin", async () => {
    database = await openPglite(undefined);
    const config = loadConfig({ NODE_ENV: "test", ...ADMIN });
    const result = await prepareDatabase(database, config, { statistics: false });
    expect(result.demoSeeded).toBe(true);
    const emails = await userEmails(database);
    expect(emails).toContain("admin:team@example.org");
    expect(emails).toContain(`partner:${DEMO_PARTNER.email}`);
    expect(emails).toContain(`partner:${DEMO_FRANCHISOR.email}`);
    for (const franchisee of DEMO_FRANCHISEES.live) expect(emails).toContain(`partner:${franchisee.email}`);
    expect(emails.filter((e) => e.startsWith("admin:"))).toEqual(["admin:team@example.org"]);
    // Three demo partners, the franchisor, its two franchisees and the invited one's company.
    const [partners] = await database.db.select({ n: count() }).from(companies);
    expect(partners?.n).toBe(7);

    // The next start finds accounts: nothing is seeded again, the admin's password is reset.
    await database.db.update(users).set({ passwordHash: "x" }).where(eq(users.email, "team@example.org"));
    const again = await prepareDatabase(database, config, { statistics: false });
    expect(again.demoSeeded).toBe(false);
    const [admin] = await database.db.select().from(users).where(eq(users.email, "team@example.org"));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await userEmails(database)).toHaveLength(emails.length);
  });

  it("with SEED_DEMO=never creates only the configured admin", async () => {
    database = await openPglite(undefined);
    const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "never", ...ADMIN });
    const result = await prepareDatabase(database, config, { statistics: false });
    expect(result.demoSeeded).toBe(false);
    expect(await userEmails(database)).toEqual(["admin:team@example.org"]);
  });
});
