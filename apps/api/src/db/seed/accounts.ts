import { count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../../modules/auth/secrets.ts";
import type { Database } from "../client.ts";
import { billingAddresses, companies, legalForms, users } from "../schema/index.ts";

/** Creates the provider-team account, or resets its password and role to the configured ones. */
export async function ensureAdmin(db: Database, admin: { email: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(admin.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${admin.email.toLowerCase()}`);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, role: "admin", companyId: null })
      .where(eq(users.id, existing.id));
  } else {
    await db.insert(users).values({
      role: "admin",
      email: admin.email.toLowerCase(),
      passwordHash,
      firstName: "Provider",
      surname: "Team",
      emailVerifiedAt: new Date(),
    });
  }
}

export const DEMO_ADMIN = { email: "admin@demo.stempla.de", password: "Demo-Admin-2026" };
export const DEMO_PARTNER = { email: "partner@demo.stempla.de", password: "Demo-Partner-2026" };

export async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) > 0;
}

/**
 * The demo: a provider-team account and a confirmed partner (a café in Cologne) that has logged in
 * once. Idempotent: accounts that exist are left alone.
 */
export async function seedDemoAccounts(db: Database, admin = DEMO_ADMIN): Promise<void> {
  const [existingAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
  if (!existingAdmin) await ensureAdmin(db, admin);

  const [existingPartner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_PARTNER.email));
  if (existingPartner) return;
  const [gmbh] = await db.select({ id: legalForms.id }).from(legalForms).where(eq(legalForms.key, "gmbh"));
  const passwordHash = await hashPassword(DEMO_PARTNER.password);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        type: "partner",
        name: "Café Sonnenschein",
        legalFormId: gmbh?.id ?? null,
        vatId: "DE298765432",
        status: "gray",
        registrationCompletedAt: new Date(),
      })
      .returning({ id: companies.id });
    await tx.insert(billingAddresses).values({
      companyId: company!.id,
      street: "Ehrenstraße",
      building: "42",
      postcode: "50672",
      city: "Köln",
      country: "DE",
      address: "Ehrenstraße 42, 50672 Köln",
      latitude: 50.9383,
      longitude: 6.9406,
      phonePreselection: "+49",
      phoneNumber: "221 1234567",
    });
    await tx.insert(users).values({
      companyId: company!.id,
      role: "partner",
      email: DEMO_PARTNER.email,
      passwordHash,
      firstName: "Mara",
      surname: "Sonnenschein",
      phone: "+49 221 1234567",
      emailVerifiedAt: new Date(),
      lastLoginAt: new Date(),
    });
  });
}
