import { addMonths, berlinMonth, type Locale, registerCompleteSchema, type Viewer } from "@stempla/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  loadSimPartners,
  registerSimCustomers,
  type SimulationSummary,
  simulateScans,
} from "../../modules/app/simulation.ts";
import type { WalletDeriver } from "../../modules/app/wallet.ts";
import { approveInvitation, completeRegistration, invite } from "../../modules/franchise/service.ts";
import { emailConfirmed } from "../../modules/status/service.ts";
import { type Database, rowsOf } from "../client.ts";
import { companies, franchiseInvitations, legalForms, mailOutbox, users } from "../schema/index.ts";
import {
  createLivePartner,
  DEMO_FRANCHISEES,
  DEMO_FRANCHISOR,
  type DemoConfig,
  type DemoPartner,
} from "./accounts.ts";
import { seedDemoNetworkInvoices } from "./demo-invoices.ts";
import type { DemoStatisticsSize } from "./demo-statistics.ts";
import { backdateGoLive } from "./go-live.ts";

// A franchise network made as the product makes one (docs/decisions/008-franchise-model.md, §3, §7):
// the master invites, the team approves, the franchisee registers its own legal entity with the
// mailed link and confirms its address, then sets up and is approved like every partner. Used by
// the demo seed (the demo franchisor) and by `npm run simulate` (every fifth partner).

/** Whom a franchisor's invitation names: the company, its contact person and the address the link goes to. */
export interface Invitee {
  company_name: string;
  contact_name: string;
  contact_surname: string;
  email: string;
}

/** The master as its first login sees itself: the viewer the invitation service takes. */
export async function masterViewer(db: Database, companyId: number): Promise<Viewer> {
  const [row] = await db
    .select({ userId: users.id, type: companies.type })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.companyId, companyId))
    .orderBy(users.id)
    .limit(1);
  if (row?.type !== "master") throw new Error(`company ${companyId} is not a master with a login`);
  return { userId: row.userId, companyId, type: "master", masterId: null };
}

async function invitationFor(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(franchiseInvitations)
    .where(sql`lower(${franchiseInvitations.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(franchiseInvitations.id))
    .limit(1);
  return row;
}

/**
 * The master invites and the team (adminId) approves: the invitation is `sent`, its black company
 * waits, and the link is in the mail outbox. An address already invited is left as it is.
 * Returns the invitation's id and the franchisee's company id.
 */
export async function inviteFranchisee(
  db: Database,
  master: Viewer,
  invitee: Invitee,
  adminId: number,
  config: DemoConfig,
  locale: Locale = "de",
): Promise<{ invitationId: number; companyId: number | null }> {
  const existing = await invitationFor(db, invitee.email);
  if (existing) return { invitationId: existing.id, companyId: existing.franchiseeCompanyId };
  const invitation = await invite(db, master, invitee, locale);
  await approveInvitation(db, adminId, invitation.id, config.publicUrl);
  const row = await invitationFor(db, invitee.email);
  return { invitationId: invitation.id, companyId: row!.franchiseeCompanyId };
}

/** The newest link of a kind mailed to an address (the invitation, the address confirmation). */
async function mailedToken(db: Database, to: string, path: string): Promise<string> {
  const mails = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id));
  const pattern = new RegExp(`/(?:de|en)/${path.replace("?", "\\?")}=([A-Za-z0-9_-]+)`);
  for (const mail of mails) {
    const match = mail.text.match(pattern);
    if (match) return match[1]!;
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/**
 * A live franchisee of `master`: invited, approved by the team, registered with the mailed link
 * (its own legal entity, billing address and login), address confirmed, then set up and approved
 * by createLivePartner. Idempotent like createLivePartner: an existing login is only completed.
 * Returns its company id.
 */
export async function createLiveFranchisee(
  db: Database,
  master: Viewer,
  partner: DemoPartner,
  adminId: number,
  config: DemoConfig,
): Promise<number> {
  const [registered] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, partner.login.email));
  if (!registered) {
    const { companyId } = await inviteFranchisee(
      db,
      master,
      {
        company_name: partner.company.name,
        contact_name: partner.contact.firstName,
        contact_surname: partner.contact.surname,
        email: partner.login.email,
      },
      adminId,
      config,
    );
    const [legalForm] = await db
      .select({ id: legalForms.id })
      .from(legalForms)
      .where(eq(legalForms.key, partner.company.legalForm));
    const { street, building, postcode, city, latitude, longitude } = partner.address;
    const input = registerCompleteSchema.parse({
      slave_id: companyId,
      token: await mailedToken(db, partner.login.email, "register/slave?token"),
      company_name: partner.company.name,
      legal_form_id: legalForm?.id,
      vat: partner.company.vatId ?? undefined,
      password: partner.login.password,
      password_confirmation: partner.login.password,
      contact_name: partner.contact.firstName,
      contact_surname: partner.contact.surname,
      street,
      building,
      postcode,
      city,
      country: "DE",
      latitude,
      longitude,
      phone_number: partner.phone,
      contract_accepted: true,
    });
    await completeRegistration(db, input, "de", config.publicUrl);
    // The confirmation link is used at once, as the demo's other logins are confirmed.
    await db
      .update(users)
      .set({ emailVerifiedAt: new Date(), lastLoginAt: new Date() })
      .where(eq(users.email, partner.login.email));
    await emailConfirmed(db, companyId!);
  }
  return createLivePartner(db, partner, adminId, config);
}

/**
 * Dates a franchisee's joining before `goLive` (registration a week before, the invitation and
 * its check a few days earlier), so its network membership predates its first scan as in the
 * product (008 §1: a franchisee joins before its first scan).
 */
async function backdateJoining(db: Database, companyId: number, goLive: Date): Promise<void> {
  const day = 86_400_000;
  const joined = new Date(goLive.getTime() - 7 * day);
  const invited = new Date(joined.getTime() - 3 * day);
  const checked = new Date(invited.getTime() + day);
  await db
    .update(companies)
    .set({ franchiseJoinedAt: joined, registrationCompletedAt: joined })
    .where(eq(companies.id, companyId));
  await db
    .update(franchiseInvitations)
    .set({
      createdAt: invited,
      reviewedAt: checked,
      lastSentAt: checked,
      expiresAt: new Date(checked.getTime() + 14 * day),
      acceptedAt: joined,
    })
    .where(
      and(
        eq(franchiseInvitations.franchiseeCompanyId, companyId),
        eq(franchiseInvitations.state, "accepted"),
      ),
    );
}

/**
 * A network's companies go live at `since` (approval, locations, mandate), franchisees having
 * joined before; for the demo and the simulator, whose scans start then.
 */
export async function backdateNetwork(
  db: Database,
  masterId: number,
  franchiseeIds: number[],
  since: Date,
): Promise<void> {
  await backdateGoLive(db, masterId, since, { locations: true, mandate: true });
  for (const id of franchiseeIds) {
    await backdateJoining(db, id, since);
    await backdateGoLive(db, id, since, { locations: true, mandate: true });
  }
}

/** The start of the first of `months` simulated months before `now` (Berlin), 8 o'clock. */
export const simulatedMonthsStart = (months: number, now: Date) =>
  new Date(`${addMonths(berlinMonth(now), -months)}T08:00:00+01:00`);

// --- The demo franchisor ----------------------------------------------------------------------

const weekdays = (from: string, to: string) =>
  Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ from, to }]]));
const CAFE_HOURS = {
  ...weekdays("07:00", "19:00"),
  sat: [{ from: "08:00", to: "19:00" }],
  sun: [{ from: "09:00", to: "18:00" }],
};
const CARD = {
  description: "Jeder 10. Kaffee ist gratis – in allen Bohnenwerk-Cafés",
  points: 9,
  conditions: { excluded_products: ["Bohnen zum Mitnehmen"] },
};

/**
 * The demo franchisor: a coffee-bar chain in Düsseldorf with two own locations, two franchisees
 * (their own companies in Bonn and Essen) and one invitation waiting for its registration.
 * Built in a function because the logins come from accounts.ts, which imports this file.
 */
function demoNetwork(): { master: DemoPartner; franchisees: DemoPartner[]; invited: Invitee } {
  const master: DemoPartner = {
    login: DEMO_FRANCHISOR,
    type: "master",
    company: { name: "Bohnenwerk Kaffeebar GmbH", legalForm: "gmbh", vatId: "DE318274650" },
    address: {
      street: "Bolkerstraße",
      building: "21",
      postcode: "40213",
      city: "Düsseldorf",
      latitude: 51.2262,
      longitude: 6.7737,
    },
    phone: "+492118654320",
    contact: { firstName: "Lena", surname: "Hoffmann", phone: "+492118654321" },
    categories: ["cafe", "patisserie"],
    profile: { public_name: "Bohnenwerk", ...CARD },
    socials: [
      { type: "website", url: "https://www.bohnenwerk.example" },
      { type: "instagram", url: "https://www.instagram.com/bohnenwerk.kaffeebar" },
    ],
    locations: [
      {
        name: "Bohnenwerk Altstadt",
        street: "Bolkerstraße",
        building: "21",
        postcode: "40213",
        city: "Düsseldorf",
        latitude: 51.2262,
        longitude: 6.7737,
        phone_number: "+492118654320",
        working_hours: CAFE_HOURS,
      },
      {
        name: "Bohnenwerk Pempelfort",
        street: "Nordstraße",
        building: "64",
        postcode: "40477",
        city: "Düsseldorf",
        latitude: 51.238,
        longitude: 6.784,
        phone_number: "+492118654330",
        working_hours: CAFE_HOURS,
      },
    ],
    payment: { account_holder: "Bohnenwerk Kaffeebar GmbH", iban: "DE98300501101234567890" },
    status: "green",
  };
  const [bonn, essen] = DEMO_FRANCHISEES.live;
  const franchisees: DemoPartner[] = [
    {
      login: bonn,
      company: { name: "Krüger Kaffee UG (haftungsbeschränkt)", legalForm: "ug", vatId: null },
      address: {
        street: "Clemens-August-Straße",
        building: "12",
        postcode: "53115",
        city: "Bonn",
        latitude: 50.7245,
        longitude: 7.0923,
      },
      phone: "+492284471120",
      contact: { firstName: "Tim", surname: "Krüger", phone: "+492284471121" },
      categories: ["cafe", "patisserie"],
      profile: { public_name: "Bohnenwerk Bonn", ...CARD },
      socials: [{ type: "website", url: "https://www.bohnenwerk.example/bonn" }],
      locations: [
        {
          name: "Bohnenwerk Bonn Poppelsdorf",
          street: "Clemens-August-Straße",
          building: "12",
          postcode: "53115",
          city: "Bonn",
          latitude: 50.7245,
          longitude: 7.0923,
          phone_number: "+492284471120",
          working_hours: CAFE_HOURS,
        },
      ],
      payment: { account_holder: "Krüger Kaffee UG", iban: "DE11370501982204587311" },
      status: "green",
    },
    {
      login: essen,
      company: { name: "Aydın Gastro e.K.", legalForm: "ek", vatId: "DE297531864" },
      address: {
        street: "Rüttenscheider Straße",
        building: "120",
        postcode: "45131",
        city: "Essen",
        latitude: 51.4366,
        longitude: 7.0046,
      },
      phone: "+492017798410",
      contact: { firstName: "Selin", surname: "Aydın", phone: "+492017798411" },
      categories: ["cafe", "patisserie"],
      profile: { public_name: "Bohnenwerk Essen", ...CARD },
      socials: [{ type: "website", url: "https://www.bohnenwerk.example/essen" }],
      locations: [
        {
          name: "Bohnenwerk Essen Rüttenscheid",
          street: "Rüttenscheider Straße",
          building: "120",
          postcode: "45131",
          city: "Essen",
          latitude: 51.4366,
          longitude: 7.0046,
          phone_number: "+492017798410",
          working_hours: CAFE_HOURS,
        },
      ],
      payment: { account_holder: "Selin Aydın", iban: "DE92360501054451203398" },
      status: "green",
    },
  ];
  const invited: Invitee = {
    company_name: "Lenz Kaffeehaus GmbH",
    contact_name: "Paul",
    contact_surname: "Lenz",
    email: DEMO_FRANCHISEES.invited.email,
  };
  return { master, franchisees, invited };
}

/**
 * Fewer customers than the demo partner's: every month still has scans at each location, and the
 * server's first start on a fresh database (which seeds all this) stays within seconds more.
 */
const networkCustomers = (size: DemoStatisticsSize) => Math.max(20, Math.round(size.customers * 0.6));

/** One fixed seed, as the demo partner's: every fresh demo network tells the same story. */
const NETWORK_SEED = 2027;

/**
 * Months of the same app customers scanning across the network's locations (some visit several
 * cafés of the chain, so the network's customer counts differ from the sum of its companies').
 * Only while none of the network's companies has cards, so seeding again adds nothing.
 */
async function seedNetworkStatistics(
  db: Database,
  companyIds: number[],
  wallet: WalletDeriver,
  size: DemoStatisticsSize,
  now: Date,
): Promise<SimulationSummary | undefined> {
  const [state] = rowsOf<{ cards: number; app_users: number }>(
    await db.execute(sql`
      select (select count(*) from cards where company_id in (${sql.join(companyIds, sql`, `)}))::int as cards,
        (select count(*) from app_users)::int as app_users`),
  );
  if (!state || state.cards > 0) return undefined;
  const partners = await loadSimPartners(db, companyIds);
  const customers = await registerSimCustomers(db, wallet, {
    count: networkCustomers(size),
    seed: NETWORK_SEED,
    firstNumber: state.app_users + 1,
  });
  return simulateScans(db, {
    seed: NETWORK_SEED,
    months: size.months,
    now,
    partners,
    customers,
    shareContact: 0.4,
    recentVisits: 3,
  });
}

/**
 * The demo franchisor's network (008 §7): master, two live franchisees, one invitation sent and
 * waiting (its company black). With statistics, everyone's go-live is dated back to the start of
 * the simulated months before the scans, so the months are billed (the first one collectively,
 * seedDemoNetworkInvoices); the scans write the network's statistics as they happen (the
 * franchisees joined first).
 */
export async function seedDemoFranchise(
  db: Database,
  adminId: number,
  config: DemoConfig,
  wallet: WalletDeriver,
  options: { statistics: DemoStatisticsSize | false; now: Date },
): Promise<{ masterId: number; franchiseeIds: number[]; invitedCompanyId: number | null }> {
  const network = demoNetwork();
  const masterId = await createLivePartner(db, network.master, adminId, config);
  const viewer = await masterViewer(db, masterId);
  const franchiseeIds: number[] = [];
  for (const franchisee of network.franchisees) {
    franchiseeIds.push(await createLiveFranchisee(db, viewer, franchisee, adminId, config));
  }
  const { companyId: invitedCompanyId } = await inviteFranchisee(
    db,
    viewer,
    network.invited,
    adminId,
    config,
  );
  if (options.statistics === false) return { masterId, franchiseeIds, invitedCompanyId };

  const size = options.statistics;
  const ids = [masterId, ...franchiseeIds];
  const [cards] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from cards where company_id in (${sql.join(ids, sql`, `)})`,
    ),
  );
  if ((cards?.n ?? 0) === 0) {
    await backdateNetwork(db, masterId, franchiseeIds, simulatedMonthsStart(size.months, options.now));
    await seedNetworkStatistics(db, ids, wallet, size, options.now);
  }
  await seedDemoNetworkInvoices(
    db,
    { masterId, masterUserId: viewer.userId, franchiseeIds },
    size.months,
    config,
    options.now,
  );
  return { masterId, franchiseeIds, invitedCompanyId };
}
