import {
  berlinDay,
  type LocationInput,
  locationSchema,
  type PartnerSocialInput,
  type PartnerUpdateInput,
  partnerSocialSchema,
  partnerUpdateSchema,
  paymentDetailsSchema,
} from "@stempla/domain";
import { count, eq, sql } from "drizzle-orm";
import { type Config, loadConfig } from "../../config.ts";
import { walletDeriver } from "../../modules/app/wallet.ts";
import { hashPassword } from "../../modules/auth/secrets.ts";
import { signMandate } from "../../modules/company/service.ts";
import { createLocation } from "../../modules/locations/service.ts";
import { createSocial, updatePartner } from "../../modules/partner/service.ts";
import { finishSetup, saveSetup } from "../../modules/setup/service.ts";
import { applyStatusEvent, withPartnerChange } from "../../modules/status/service.ts";
import { recordRegistrationAcceptance } from "../../modules/terms/service.ts";
import type { Database } from "../client.ts";
import { billingAddresses, categories, companies, legalForms, locations, users } from "../schema/index.ts";
import { seedDemoFranchise } from "./demo-franchise.ts";
import { demoFirstMonth, hasInvoices, seedDemoInvoices } from "./demo-invoices.ts";
import { seedDemoMenu } from "./demo-menu.ts";
import { seedDemoNft } from "./demo-nft.ts";
import { DEMO_STATISTICS, type DemoStatisticsSize, seedDemoStatistics } from "./demo-statistics.ts";

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
/** Two further demo partners waiting in the review queue (same password as the demo partner). */
export const DEMO_REVIEW_PARTNERS = {
  yellow: { email: "baeckerei@demo.stempla.de", password: DEMO_PARTNER.password },
  orange: { email: "blumen@demo.stempla.de", password: DEMO_PARTNER.password },
};
/**
 * The demo franchisor (a master with two own locations; demo-franchise.ts) and its franchisees:
 * two live, one invited whose link waits in the outbox (same password as the demo partner).
 */
export const DEMO_FRANCHISOR = { email: "franchise@demo.stempla.de", password: DEMO_PARTNER.password };
export const DEMO_FRANCHISEES = {
  live: [
    { email: "franchise-bonn@demo.stempla.de", password: DEMO_PARTNER.password },
    { email: "franchise-essen@demo.stempla.de", password: DEMO_PARTNER.password },
  ] as const,
  invited: { email: "franchise-aachen@demo.stempla.de" },
};

export async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) > 0;
}

/** What the demo needs of the configuration: the creditor of the SEPA mandates and the links in mails. */
export type DemoConfig = Pick<Config, "provider" | "publicUrl" | "walletSeed">;

/** One demo partner: its registration (as the register form stores it) and what it set up afterwards. */
export interface DemoPartner {
  login: { email: string; password: string };
  /** A franchisor registers as master (default: partner). */
  type?: "partner" | "master";
  company: { name: string; legalForm: string; vatId: string | null };
  address: {
    street: string;
    building: string;
    postcode: string;
    city: string;
    latitude: number;
    longitude: number;
  };
  /** The business phone and the contact person's, E.164 as stored. */
  phone: string;
  contact: { firstName: string; surname: string; phone: string };
  categories: [primary: string, ...secondary: string[]];
  profile: PartnerUpdateInput;
  socials: PartnerSocialInput[];
  locations: LocationInput[];
  payment: { account_holder: string; iban: string };
  /** yellow: waits for its first review; green: approved; orange: approved, then changed. */
  status: "yellow" | "green" | "orange";
  change?: PartnerUpdateInput;
}

const weekdays = (from: string, to: string) =>
  Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ from, to }]]));

const DEMO_PARTNERS: DemoPartner[] = [
  {
    login: DEMO_PARTNER,
    company: { name: "Café Sonnenschein", legalForm: "gmbh", vatId: "DE298765432" },
    address: {
      street: "Ehrenstraße",
      building: "42",
      postcode: "50672",
      city: "Köln",
      latitude: 50.9383,
      longitude: 6.9406,
    },
    phone: "+492211234567",
    contact: { firstName: "Mara", surname: "Sonnenschein", phone: "+492211234567" },
    categories: ["cafe", "bakery", "patisserie"],
    profile: {
      public_name: "Café Sonnenschein",
      description: "Jeder 10. Kaffee ist gratis – auch Cappuccino und Latte macchiato",
      points: 9,
      conditions: {
        excluded_products: ["Kuchen zum Mitnehmen", "Pfand"],
        minimum_spend_cents: 250,
        note: "Nicht mit anderen Aktionen kombinierbar",
      },
    },
    socials: [
      { type: "website", url: "https://www.cafe-sonnenschein.example" },
      { type: "instagram", url: "https://www.instagram.com/cafesonnenschein.koeln" },
      { type: "email", url: "hallo@cafe-sonnenschein.example" },
    ],
    locations: [
      {
        name: "Café Sonnenschein Ehrenfeld",
        street: "Ehrenstraße",
        building: "42",
        postcode: "50672",
        city: "Köln",
        latitude: 50.9383,
        longitude: 6.9406,
        phone_number: "+492211234567",
        working_hours: {
          ...weekdays("07:30", "18:00"),
          sat: [{ from: "08:00", to: "18:00" }],
          sun: [{ from: "09:00", to: "17:00" }],
        },
      },
      {
        name: "Café Sonnenschein Südstadt",
        street: "Severinstraße",
        building: "118",
        postcode: "50678",
        city: "Köln",
        latitude: 50.9265,
        longitude: 6.9585,
        phone_number: "+492217654321",
        working_hours: {
          ...weekdays("08:00", "12:00"),
          fri: [
            { from: "08:00", to: "12:00" },
            { from: "14:00", to: "18:00" },
          ],
        },
      },
    ],
    payment: { account_holder: "Café Sonnenschein GmbH", iban: "DE89370400440532013000" },
    status: "green",
  },
  {
    login: DEMO_REVIEW_PARTNERS.yellow,
    company: { name: "Bäckerei Morgenrot", legalForm: "ek", vatId: null },
    address: {
      street: "Bergmannstraße",
      building: "7",
      postcode: "10961",
      city: "Berlin",
      latitude: 52.4893,
      longitude: 13.3942,
    },
    phone: "+49306912345",
    contact: { firstName: "Jonas", surname: "Morgenrot", phone: "+49306912345" },
    categories: ["bakery", "cafe"],
    profile: { public_name: "Morgenrot", description: "Jedes 8. Brötchen geht aufs Haus", points: 7 },
    socials: [{ type: "website", url: "https://www.baeckerei-morgenrot.example" }],
    locations: [
      {
        name: "Bäckerei Morgenrot Kreuzberg",
        street: "Bergmannstraße",
        building: "7",
        postcode: "10961",
        city: "Berlin",
        working_hours: { ...weekdays("06:30", "18:30"), sat: [{ from: "07:00", to: "13:00" }] },
      },
    ],
    payment: { account_holder: "Jonas Morgenrot", iban: "DE02120300000000202051" },
    status: "yellow",
  },
  {
    login: DEMO_REVIEW_PARTNERS.orange,
    company: { name: "Blumen Lindner", legalForm: "gbr", vatId: "DE312345678" },
    address: {
      street: "Maximilianstraße",
      building: "21",
      postcode: "80539",
      city: "München",
      latitude: 48.1394,
      longitude: 11.5836,
    },
    phone: "+49892345678",
    contact: { firstName: "Eva", surname: "Lindner", phone: "+49892345678" },
    categories: ["florist"],
    profile: {
      public_name: "Blumen Lindner",
      description: "Beim 6. Strauß gibt es einen Strauß gratis",
      points: 5,
    },
    socials: [{ type: "instagram", url: "https://www.instagram.com/blumenlindner" }],
    locations: [
      {
        name: "Blumen Lindner am Lehel",
        street: "Maximilianstraße",
        building: "21",
        postcode: "80539",
        city: "München",
        working_hours: { ...weekdays("09:00", "19:00"), sat: [{ from: "09:00", to: "16:00" }] },
      },
    ],
    payment: { account_holder: "Blumen Lindner GbR", iban: "DE75512108001245126199" },
    status: "orange",
    // Changed after the approval: the team sees it in the queue with before and after.
    change: {
      description: "Beim 5. Strauß gibt es eine Rose gratis",
      points: 4,
      conditions: {
        excluded_products: ["Hochzeitsfloristik"],
        time_limits: {
          applies_to: "redeem",
          windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "09:00", to: "17:00" }],
        },
      },
    },
  },
];

/**
 * The demo: a provider-team account, the demo partner (a café in Cologne, live with approved data
 * and a digital menu at its first location, demo-menu.ts), two partners in the review queue (a new
 * set-up and a change) and the demo franchisor's network (demo-franchise.ts). The partners' data
 * is made by the services the API uses, so it is exactly what the product makes; the customers and
 * months of scans come from the simulator (demo-statistics.ts). Idempotent: an account that exists
 * is only completed if it is still as registered (gray, no location), never changed after.
 */
export async function seedDemoAccounts(
  db: Database,
  admin = DEMO_ADMIN,
  config: Config = loadConfig({}),
  options: {
    /** The demo partner's simulated customers and scans (false: none; tests keep it small). */
    statistics?: DemoStatisticsSize | false;
    /** The end of the simulated period (default: now). */
    now?: Date;
  } = {},
): Promise<void> {
  const [existingAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${admin.email.toLowerCase()}`);
  if (!existingAdmin) await ensureAdmin(db, admin);
  const [adminUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${admin.email.toLowerCase()}`);

  const wallet = walletDeriver(config.walletSeed);
  const statistics = options.statistics === false ? false : (options.statistics ?? DEMO_STATISTICS);
  const now = options.now ?? new Date();
  for (const partner of DEMO_PARTNERS) {
    const companyId = await createLivePartner(db, partner, adminUser!.id, config);
    if (partner.login !== DEMO_PARTNER) continue;
    // The menu is booked from the first simulated month, before those months are billed, so every
    // demo invoice carries its line; a demo billed already (an older seed) books it from today.
    const firstMonth =
      statistics !== false && !(await hasInvoices(db, companyId))
        ? demoFirstMonth(statistics.months, now)
        : undefined;
    await seedDemoMenu(db, companyId, config, firstMonth ?? berlinDay(now), now);
    if (statistics !== false) {
      await seedDemoStatistics(db, companyId, wallet, statistics, now);
      await seedDemoInvoices(db, companyId, statistics.months, config, now);
    }
    // Coupons and vouchers on the market, bought and redeemed by the customers just simulated.
    await seedDemoNft(db, companyId, adminUser!.id, config);
  }
  await seedDemoFranchise(db, adminUser!.id, config, wallet, { statistics, now });
}

/**
 * Registers a partner and sets it up as the product would, then the team (adminId) reviews it
 * (green, unless `status` says otherwise; no adminId: "the system"); also used by the simulator.
 * Returns its company id.
 */
export async function createLivePartner(
  db: Database,
  partner: DemoPartner,
  adminId: number | undefined,
  config: DemoConfig,
): Promise<number> {
  const { companyId, userId } = await ensureRegistered(db, partner);
  await completeSetUp(db, partner, { companyId, userId, adminId, config });
  return companyId;
}

/** The account as registration and the first login leave it: company, billing address, confirmed user. */
async function ensureRegistered(db: Database, partner: DemoPartner) {
  const [existing] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, partner.login.email));
  if (existing?.companyId) return { companyId: existing.companyId, userId: existing.id };

  const [legalForm] = await db
    .select({ id: legalForms.id })
    .from(legalForms)
    .where(eq(legalForms.key, partner.company.legalForm));
  const passwordHash = await hashPassword(partner.login.password);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        type: partner.type ?? "partner",
        name: partner.company.name,
        legalFormId: legalForm?.id ?? null,
        vatId: partner.company.vatId,
        status: "gray",
        registrationCompletedAt: new Date(),
      })
      .returning({ id: companies.id });
    // Demo partners accept the terms as a registration does.
    await recordRegistrationAcceptance(tx, company!.id, new Date());
    const { street, building, postcode, city, latitude, longitude } = partner.address;
    await tx.insert(billingAddresses).values({
      companyId: company!.id,
      street,
      building,
      postcode,
      city,
      country: "DE",
      address: `${street} ${building}, ${postcode} ${city}`,
      latitude,
      longitude,
      phoneNumber: partner.phone,
    });
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company!.id,
        role: "partner",
        email: partner.login.email,
        passwordHash,
        firstName: partner.contact.firstName,
        surname: partner.contact.surname,
        phone: partner.contact.phone,
        emailVerifiedAt: new Date(),
        lastLoginAt: new Date(),
      })
      .returning({ id: users.id });
    return { companyId: company!.id, userId: user!.id };
  });
}

/**
 * The set-up wizard's work, through the same services its API calls use: card, public name and
 * categories, links, locations, SEPA mandate, finish; then the team's review.
 */
async function completeSetUp(
  db: Database,
  partner: DemoPartner,
  ids: { companyId: number; userId: number; adminId: number | undefined; config: DemoConfig },
) {
  const { companyId, userId, adminId, config } = ids;
  const [company] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [hasLocations] = await db
    .select({ value: count() })
    .from(locations)
    .where(eq(locations.companyId, companyId));
  // Set up already (by an earlier seed or by someone trying the demo): leave it as it is.
  if (company?.status !== "gray" || (hasLocations?.value ?? 0) > 0) return;

  const keys = partner.categories;
  const rows = await db.select({ id: categories.id, key: categories.key }).from(categories);
  const idOf = (key: string) => {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`demo seed: unknown category ${key}`);
    return row.id;
  };
  // Complete now: gray -> yellow, as after the last step of the wizard.
  await withPartnerChange(db, companyId, config.publicUrl, async (tx) => {
    await updatePartner(
      tx,
      companyId,
      partnerUpdateSchema.parse({
        ...partner.profile,
        categories: { primary: idOf(keys[0]), secondary: keys.slice(1).map(idOf) },
      }),
      { userId: null, publicUrl: config.publicUrl },
    );
    for (const social of partner.socials)
      await createSocial(tx, companyId, partnerSocialSchema.parse(social));
    let firstLocation: number | undefined;
    for (const location of partner.locations) {
      const created = await createLocation(tx, companyId, locationSchema.parse(location), config.publicUrl);
      firstLocation ??= created.id;
    }
    await saveSetup(tx, companyId, { step: "billing", location_id: firstLocation ?? null });
    await signMandate(
      tx,
      companyId,
      userId,
      paymentDetailsSchema.parse({ ...partner.payment, mandate_accepted: true }),
      config.provider,
      "de",
    );
  });
  const [afterSetUp] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  const status = afterSetUp?.status;
  await finishSetup(db, companyId);
  // Something the registration should have given is missing (an account made by hand): no review.
  if (partner.status === "yellow" || status !== "yellow") return;

  await applyStatusEvent(
    db,
    companyId,
    { type: "approved" },
    { actorUserId: adminId, publicUrl: config.publicUrl },
  );
  if (partner.change) {
    const change = partnerUpdateSchema.parse(partner.change);
    await withPartnerChange(db, companyId, config.publicUrl, (tx) =>
      updatePartner(tx, companyId, change, { userId: null, publicUrl: config.publicUrl }),
    );
  }
}
