import { addDays, addMonths, berlinMonth } from "@stempla/domain";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import {
  collectiveInvoicingPeriods,
  franchiseInvitations,
  locations,
  mailOutbox,
} from "../../db/schema/index.ts";
import { backdateGoLive, daysAgo } from "../../db/seed/go-live.ts";
import { mailedToken, ORIGIN, registration, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { CARD, completeSetUp, LOCATION, type Partner, signedInAdmin } from "../../test/review.ts";
import { appCustomer, scan } from "../../test/scans.ts";
import { runMonthlyInvoicing } from "../billing/invoicing.ts";

// The permission matrix of docs/decisions/008-franchise-model.md, section 2: every franchise
// endpoint (invitations, network, collective invoicing, the public link, the console's queue),
// every statistics endpoint with scope=network and locations=, the extraordinary termination, and
// every endpoint that takes another company's id (a location, an invoice, a CSV export, the
// company itself), called by a master M, M's franchisee F, a franchisee G of another master, an
// ordinary partner P, a team member and nobody. Allowed calls are also searched for
// data of a company the caller may not see (scan codes, IBANs, clients, invoices, names).
// Each row is one endpoint; add a row for a new endpoint.

type CallerName = "master" | "franchisee" | "foreign" | "partner" | "team" | "anonymous";
const CALLERS: CallerName[] = ["master", "franchisee", "foreign", "partner", "team", "anonymous"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** A status, or a status with the response's `code`. */
type Expected = number | [status: number, code: string];
interface Call {
  url: string;
  payload?: object;
  /** Public rows: each completion from its own address (the per-IP registration limit). */
  remoteAddress?: string;
  /** A later call of the same caller that expects something else (a window used up). */
  expect?: Expected;
}
// biome-ignore lint/suspicious/noExplicitAny: a response body of any endpoint.
type Body = any;
interface Row {
  name: string;
  method: Method;
  /** The call(s) one caller makes; run per caller, so a call that uses something up gets a fresh one. */
  call: (as: CallerName) => Call | Call[] | Promise<Call | Call[]>;
  expect: Record<CallerName, Expected>;
  /** Checks of the body of an allowed call beyond the foreign-data search every row gets. */
  check?: (as: CallerName, body: Body) => void | Promise<void>;
  /** Public link rows: whoever holds the token may read the invitation, so no foreign-data search. */
  public?: boolean;
  /** Runs after the caller's calls: a refused change left nothing behind. */
  after?: () => Promise<void>;
}

/** A company of the test's networks with what must never reach a caller that is not it. */
interface Company {
  key: "M" | "F" | "F2" | "N" | "G" | "P";
  id: number;
  name: string;
  session: Partner;
  locationId: number;
  scanCode: string;
  iban: string;
  clientEmail: string;
  invoiceId: number;
  invoiceNumber: string;
}

let t: TestApp;
let team: Awaited<ReturnType<typeof signedInAdmin>>;
const co = {} as Record<Company["key"], Company>;
const OWN: Record<Exclude<CallerName, "team" | "anonymous">, Company["key"]> = {
  master: "M",
  franchisee: "F",
  foreign: "G",
  partner: "P",
};
/** Whose company name a caller may read (008 §2: company_summary of its master or franchisees). */
const NAMES_VISIBLE: Record<Company["key"], Company["key"][]> = {
  M: ["M", "F", "F2"],
  F: ["F", "M"],
  F2: ["F2", "M"],
  N: ["N", "G"],
  G: ["G", "N"],
  P: ["P"],
};
const NAMES: Record<Company["key"], string> = {
  M: "Kaffeekette Rheinufer",
  F: "Filiale Hafenkante",
  F2: "Filiale Domplatte",
  N: "Backwerk Isartal",
  G: "Filiale Viktualien",
  P: "Einzelladen Lindenweg",
};

const headersOf = (as: CallerName): Record<string, string> => {
  if (as === "anonymous") return { origin: ORIGIN };
  if (as === "team") return team.headers;
  return co[OWN[as]].session.headers;
};
/** The companies of M's network a caller does not own: every row with ids is called with these. */
const othersIn = (as: CallerName): Company[] => {
  const own = as === "team" || as === "anonymous" ? undefined : OWN[as];
  return (["M", "F", "F2"] as const).filter((k) => k !== own).map((k) => co[k]);
};

/** A valid German IBAN (ISO 13616 check digits) for account `n` at one bank, different per company. */
function iban(n: number): string {
  const bban = `37040044${String(n).padStart(10, "0")}`;
  return `DE${String(98n - (BigInt(`${bban}131400`) % 97n)).padStart(2, "0")}${bban}`;
}

let invitations = 0;
/** An invitation of `master` waiting for the team's check: its id and email. */
async function checkingInvitation(master: Company, companyName = `Einladung ${invitations + 1}`) {
  invitations++;
  const email = `eingeladen${invitations}-${Date.now()}@permissions-test.de`;
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/invite",
    payload: { company_name: companyName, contact_name: "Jonas", contact_surname: "Berger", email },
    headers: master.session.headers,
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  return { id: res.json().data.id as number, email };
}

/** An invitation the team approved: its id, slave company and mailed token. */
async function sentInvitation(master: Company, companyName?: string) {
  const { id, email } = await checkingInvitation(master, companyName);
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/invitations/${id}/approve`,
    headers: team.headers,
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.body}`);
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id));
  const token = mail!.text.match(/register\/slave\?token=([A-Za-z0-9_-]+)/)![1]!;
  const [row] = await t.db.select().from(franchiseInvitations).where(eq(franchiseInvitations.id, id));
  return { id, email, token, slaveId: row!.franchiseeCompanyId! };
}

let completions = 0;
/** What the invited franchisee's registration form sends. */
function completion(invitation: { token: string; slaveId: number }, companyName?: string) {
  const { email: _e, type: _t, ...rest } = registration(companyName ? { company_name: companyName } : {});
  completions++;
  return {
    payload: {
      ...rest,
      slave_id: invitation.slaveId,
      token: invitation.token,
      contact_name: "Jonas",
      contact_surname: "Berger",
    },
    remoteAddress: `10.44.${completions >> 8}.${completions & 255}`,
  };
}

/** One value for all callers of a row, made at the first call (invitations count against a daily limit). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

async function expire(invitationId: number) {
  await t.db
    .update(franchiseInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(franchiseInvitations.id, invitationId));
}

const approvePartner = async (companyId: number) => {
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/partners/${companyId}/approve`,
    headers: team.headers,
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.body}`);
};

/** A franchisee of `master` that registered with the link, confirmed its address and signed in. */
async function joinedFranchisee(master: Company, name: string): Promise<Partner> {
  const invitation = await sentInvitation(master, name);
  const { payload, remoteAddress } = completion(invitation, name);
  const done = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/register/complete",
    payload,
    remoteAddress,
  });
  if (done.statusCode !== 201) throw new Error(`complete failed: ${done.body}`);
  const verify = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/verifyEmail",
    payload: { token: await mailedToken(t.db, invitation.email, "login?verify") },
    remoteAddress,
  });
  const body = verify.json().data;
  return {
    email: invitation.email,
    password: payload.password,
    token: body.token,
    user: body.user,
    headers: { cookie: `session=${body.token}`, origin: ORIGIN },
  };
}

/** Sets the company up and has the team approve it; a customer scans there and shares the contact. */
async function live(key: Company["key"], session: Partner, n: number): Promise<void> {
  const setUp = await completeSetUp(t, session, { iban: iban(n) });
  await approvePartner(setUp.id);
  const customer = await appCustomer(t);
  const res = await scan(t, customer, setUp.scanCode);
  if (res.statusCode >= 300) throw new Error(`scan failed: ${res.body}`);
  const share = await t.inject({
    method: "PUT",
    url: `/api/app/cards/${setUp.id}/share`,
    headers: customer.headers,
    payload: { share_contact: true },
  });
  if (share.statusCode !== 200) throw new Error(`share failed: ${share.body}`);
  co[key] = {
    key,
    id: setUp.id,
    name: NAMES[key],
    session,
    locationId: setUp.locationId,
    scanCode: setUp.scanCode,
    iban: iban(n),
    clientEmail: customer.email,
    invoiceId: 0,
    invoiceNumber: "",
  };
}

/** The locations' names and PINs as set up, to show that refused edits changed nothing. */
let locationsAsSetUp: { id: number; name: string; pin: string }[] = [];
const locationsNow = () =>
  t.db
    .select({ id: locations.id, name: locations.name, pin: locations.pin })
    .from(locations)
    .orderBy(locations.id);
const unchanged = async () => expect(await locationsNow()).toEqual(locationsAsSetUp);

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  team = await signedInAdmin(t);
  const contact = { contact_name: "Greta", contact_surname: "Gross" };
  await live("M", await signedInPartner(t, { type: "master", company_name: NAMES.M, ...contact }), 1);
  await live("N", await signedInPartner(t, { type: "master", company_name: NAMES.N, ...contact }), 2);
  await live("P", await signedInPartner(t, { company_name: NAMES.P }), 3);
  await live("F", await joinedFranchisee(co.M, NAMES.F), 4);
  await live("F2", await joinedFranchisee(co.M, NAMES.F2), 5);
  await live("G", await joinedFranchisee(co.N, NAMES.G), 6);
  // Everyone went live 100 days ago, so last month is invoiced for each company on its own.
  for (const c of Object.values(co)) await backdateGoLive(t.db, c.id, daysAgo(100), { locations: true });
  await runMonthlyInvoicing(t.db, {
    month: addMonths(berlinMonth(new Date()), -1),
    provider: t.config.provider,
    publicUrl: t.config.publicUrl,
  });
  for (const c of Object.values(co)) {
    const [invoice] = rowsOf<{ id: number; number: string }>(
      await t.db.execute(sql`select id::int, number from invoices where company_id = ${c.id}`),
    );
    if (!invoice) throw new Error(`no invoice for ${c.key}`);
    c.invoiceId = invoice.id;
    c.invoiceNumber = invoice.number;
  }
  locationsAsSetUp = await locationsNow();
}, 180_000);

/** A fresh CSV export link of a company's clients: the token of the URL it answers. */
async function exportToken(headers: Record<string, string>): Promise<string> {
  const res = await t.inject({ method: "GET", url: "/api/v2/dashboard/users/csv", headers });
  if (res.statusCode !== 200) throw new Error(`csv failed: ${res.body}`);
  return String(res.json().data.file).split("/").pop()!;
}

const SECRET_KEYS = ["pin", "scan_url", "scan_code", "limit_count", "limit_hours", "iban", "bank"];
function noSecretKeys(value: Body) {
  for (const key of SECRET_KEYS) expect(value).not.toHaveProperty(key);
}

/** A master-only franchise endpoint: 403 not_a_master for every other partner. */
const mastersOnly = (master: Expected): Record<CallerName, Expected> => ({
  master,
  franchisee: [403, "not_a_master"],
  foreign: [403, "not_a_master"],
  partner: [403, "not_a_master"],
  team: [403, "forbidden"],
  anonymous: 401,
});
/** Another company's data: nobody sees it (existence not revealed), the team has no partner scope. */
const nobody: Record<CallerName, Expected> = {
  master: [404, "not_found"],
  franchisee: [404, "not_found"],
  foreign: [404, "not_found"],
  partner: [404, "not_found"],
  team: [403, "forbidden"],
  anonymous: 401,
};
/** The caller's own data: every partner, never the team. */
const ownOnly = (status = 200): Record<CallerName, Expected> => ({
  master: status,
  franchisee: status,
  foreign: status,
  partner: status,
  team: [403, "forbidden"],
  anonymous: 401,
});
const teamOnly = (status = 200): Record<CallerName, Expected> => ({
  master: [403, "forbidden"],
  franchisee: [403, "forbidden"],
  foreign: [403, "forbidden"],
  partner: [403, "forbidden"],
  team: status,
  anonymous: 401,
});
const anyCaller = (status: number): Record<CallerName, Expected> =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<CallerName, Expected>;
const ownCompany = (as: CallerName) => co[OWN[as as keyof typeof OWN] ?? "F"];

// Invitations the rows use, one per row where only one caller can use it up (a master may invite
// FRANCHISE.invitesPerDay a day); the callers that may not use it are refused before it is read.
const ownSent = once(() => sentInvitation(co.M));
const ownChecking = once(() => checkingInvitation(co.M));
const foreignSent = once(() => sentInvitation(co.N));
const foreignChecking = once(() => checkingInvitation(co.N));
const toApprove = once(() => checkingInvitation(co.M));
const toRefuse = once(() => checkingInvitation(co.M));
const validLink = once(() => sentInvitation(co.N));
const expiredLink = once(async () => {
  const invitation = await sentInvitation(co.N);
  await expire(invitation.id);
  return invitation;
});
const usedLink = once(async () => {
  const invitation = await sentInvitation(co.N);
  const used = completion(invitation);
  const first = await t.inject({ method: "POST", url: "/api/v2/dashboard/register/complete", ...used });
  if (first.statusCode !== 201) throw new Error(`complete failed: ${first.body}`);
  return { used, wrongCompany: completion({ token: (await validLink()).token, slaveId: co.G.id }) };
});

/** Every statistics endpoint that takes the selection (008 §4: scope, locations, location). */
const STATISTICS = [
  "/api/v2/dashboard/stats",
  "/api/v2/dashboard/scanHistory",
  "/api/v2/dashboard/redeemHistory",
  "/api/v2/dashboard/redeemDilution",
  "/api/v2/dashboard/customerHistory",
  "/api/v2/dashboard/pointBalance",
  "/api/v2/dashboard/fraud",
  "/api/v2/dashboard/stats/pdf",
];
/** Each statistics endpoint with each of these queries. */
const statistics = (queries: string[]): Call[] =>
  STATISTICS.flatMap((url) => queries.map((q) => ({ url: `${url}?${q}` })));

/**
 * Collective invoicing was on this month for both masters, and they switch it off from the next
 * through the API: every franchisee gets its extraordinary termination window (008 §1, §3).
 */
const windowsOpen = once(async () => {
  for (const master of [co.M, co.N]) {
    await t.db
      .insert(collectiveInvoicingPeriods)
      .values({ masterCompanyId: master.id, effectiveFrom: berlinMonth(new Date()), enabled: true });
    const off = await t.inject({
      method: "PUT",
      url: "/api/v2/dashboard/franchise/collective-invoicing",
      headers: master.session.headers,
      payload: { enabled: false },
    });
    if (off.statusCode !== 200) throw new Error(`switch failed: ${off.body}`);
  }
});

const ROWS: Row[] = [
  // --- The master's invitations (008 §3) ---
  {
    name: "POST /dashboard/invite/",
    method: "POST",
    call: () => {
      invitations++;
      return {
        url: "/api/v2/dashboard/invite/",
        payload: {
          company_name: `Einladung ${invitations}`,
          contact_name: "Ida",
          contact_surname: "Neu",
          email: `neu${invitations}-${Date.now()}@permissions-test.de`,
        },
      };
    },
    expect: mastersOnly(201),
    check: (_as, body) => expect(body.data.state).toBe("checking"),
  },
  {
    name: "GET /dashboard/invite (own invitations only)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/invite?per_page=100" }),
    expect: mastersOnly(200),
    check: async (_as, body) => {
      const own = rowsOf<{ id: number }>(
        await t.db.execute(
          sql`select id::int from franchise_invitations where master_company_id = ${co.M.id}`,
        ),
      ).map((r) => r.id);
      expect(body.data.map((i: { id: number }) => i.id).sort()).toEqual(own.sort());
    },
  },
  {
    name: "POST /dashboard/invite/:id/resend (own sent invitation)",
    method: "POST",
    call: async () => ({ url: `/api/v2/dashboard/invite/${(await ownSent()).id}/resend` }),
    expect: mastersOnly(200),
    check: (_as, body) => expect(body.data.state).toBe("sent"),
  },
  {
    name: "POST /dashboard/invite/:id/resend (another master's invitation)",
    method: "POST",
    call: async () => ({ url: `/api/v2/dashboard/invite/${(await foreignSent()).id}/resend` }),
    expect: mastersOnly([404, "not_found"]),
  },
  {
    name: "DELETE /dashboard/invite/:id (own open invitation)",
    method: "DELETE",
    call: async () => ({ url: `/api/v2/dashboard/invite/${(await ownChecking()).id}` }),
    expect: mastersOnly(200),
    check: (_as, body) => expect(body.data.state).toBe("withdrawn"),
  },
  {
    name: "DELETE /dashboard/invite/:id (another master's invitation)",
    method: "DELETE",
    call: async () => ({ url: `/api/v2/dashboard/invite/${(await foreignChecking()).id}` }),
    expect: mastersOnly([404, "not_found"]),
  },

  // --- The master's network (008 §2-3) ---
  {
    name: "GET /dashboard/franchisees (own franchisees only)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/franchisees" }),
    expect: mastersOnly(200),
    check: (_as, body) => {
      expect(body.data.map((f: { company_id: number }) => f.company_id).sort()).toEqual(
        [co.F.id, co.F2.id].sort(),
      );
      for (const f of body.data) noSecretKeys(f);
    },
  },
  {
    name: "GET /dashboard/franchisees/:id (own franchisee)",
    method: "GET",
    call: () => ({ url: `/api/v2/dashboard/franchisees/${co.F.id}` }),
    expect: mastersOnly(200),
    check: (_as, body) => {
      expect(Object.keys(body.data).sort()).toEqual(
        [
          "company_id",
          "contact_name",
          "contact_surname",
          "email",
          "legal_form",
          "locations",
          "name",
          "status",
        ].sort(),
      );
      expect(body.data).toMatchObject({ company_id: co.F.id, name: NAMES.F, status: "green", locations: 1 });
    },
  },
  {
    name: "GET /dashboard/franchisees/:id (not its franchisee: another master's, a partner, a master)",
    method: "GET",
    call: () => [co.G, co.P, co.N, co.M].map((c) => ({ url: `/api/v2/dashboard/franchisees/${c.id}` })),
    expect: mastersOnly([404, "not_found"]),
  },
  {
    name: "GET /dashboard/franchise/shops (franchise kind, no PIN or scan code)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/franchise/shops?per_page=100" }),
    expect: mastersOnly(200),
    check: (_as, body) => {
      expect(body.data.map((s: { id: number }) => s.id).sort()).toEqual(
        [co.F.locationId, co.F2.locationId].sort(),
      );
      for (const shop of body.data) {
        expect(shop.kind).toBe("franchise");
        noSecretKeys(shop);
      }
    },
  },
  {
    name: "GET /dashboard/franchise/shops?franchisee= (another master's franchisee)",
    method: "GET",
    call: () => ({ url: `/api/v2/dashboard/franchise/shops?franchisee=${co.G.id}` }),
    expect: mastersOnly([404, "not_found"]),
  },
  {
    name: "GET /dashboard/franchise (the caller's own place)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/franchise" }),
    expect: ownOnly(200),
    check: (as, body) => {
      const view = body.data;
      if (as === "master") {
        expect(view).toMatchObject({ role: "master", franchisees: 2 });
      } else if (as === "franchisee") {
        expect(view).toMatchObject({ role: "franchisee", master: { name: NAMES.M, status: "green" } });
        expect(Object.keys(view.master).sort()).toEqual(["name", "status"]);
      } else if (as === "foreign") {
        expect(view).toMatchObject({ role: "franchisee", master: { name: NAMES.N, status: "green" } });
      } else {
        expect(view).toEqual({ role: "none" });
      }
    },
  },

  {
    // Off, as it is for the next month either way: the row never closes the windows the
    // termination rows use, whatever order the rows run in.
    name: "PUT /dashboard/franchise/collective-invoicing",
    method: "PUT",
    call: () => ({ url: "/api/v2/dashboard/franchise/collective-invoicing", payload: { enabled: false } }),
    expect: mastersOnly(200),
    check: (_as, body) => {
      expect(body.data).toMatchObject({ role: "master", collective_invoicing: { next: false } });
    },
  },

  {
    // The spec's field of the same switch (008 §3); off, for the reason given above.
    name: "POST /dashboard/partner/:id {cumulative_billing} (own company)",
    method: "POST",
    call: async (as) => {
      // Always after the masters' switch-off, so the field's reading is known whatever the order.
      await windowsOpen();
      return {
        url: `/api/v2/dashboard/partner/${ownCompany(as).id}`,
        payload: { cumulative_billing: false },
      };
    },
    expect: {
      master: 200,
      franchisee: [422, "validation_failed"],
      foreign: [422, "validation_failed"],
      partner: [422, "validation_failed"],
      team: [403, "forbidden"],
      anonymous: 401,
    },
    check: async (_as, body) => {
      // The field reads this month's setting (on), the switch writes the next month's (off).
      expect(body.data.cumulative_billing).toBe(true);
      const view = await t.inject({ url: "/api/v2/dashboard/franchise", headers: co.M.session.headers });
      expect(view.json().data.collective_invoicing.next).toBe(false);
      const [master] = rowsOf<{ status: string }>(
        await t.db.execute(sql`select status from companies where id = ${co.M.id}`),
      );
      expect(master!.status).toBe("green");
    },
  },

  // --- Statistics of a network (008 §4) ---
  {
    name: "GET statistics ?scope=network",
    method: "GET",
    call: () => statistics(["scope=network"]),
    expect: mastersOnly(200),
  },
  {
    name: "GET statistics ?locations= / ?location= of M's network (a master's franchisees' locations)",
    method: "GET",
    call: (as) => {
      const others = othersIn(as).map((c) => c.locationId);
      const all = [...others, ...(as in OWN ? [ownCompany(as).locationId] : [])];
      return statistics([
        ...others.flatMap((id) => [`locations=${id}`, `location=${id}`]),
        `locations=${all.join(",")}`,
      ]);
    },
    expect: {
      master: 200,
      franchisee: [404, "not_found"],
      foreign: [404, "not_found"],
      partner: [404, "not_found"],
      team: [403, "forbidden"],
      anonymous: 401,
    },
  },
  {
    // A master chooses its franchisees' locations from /dashboard/franchise/shops.
    name: "GET /dashboard/pointBalance/available (own locations only)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/pointBalance/available" }),
    expect: ownOnly(200),
    check: (as, body) => {
      expect(body.data.locations.map((l: { id: number }) => l.id)).toEqual([ownCompany(as).locationId]);
    },
  },
  {
    name: "GET /dashboard/topCustomers (own customers only, a master's too)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/topCustomers" }),
    expect: ownOnly(200),
    check: (_as, body) => expect(body.data).toHaveLength(1),
  },
  {
    name: "GET statistics ?locations= of another network",
    method: "GET",
    call: (as) =>
      statistics(
        [co.G, co.N]
          .filter((c) => !(as in OWN) || c.key !== ownCompany(as).key)
          .map((c) => `locations=${c.locationId}`),
      ),
    expect: nobody,
  },

  // --- Contract and invoices in a network (008 §3, §5) ---
  {
    name: "POST /subscription/termination {extraordinary} (franchisees within their window)",
    method: "POST",
    call: async (as) => {
      await windowsOpen();
      const call = {
        url: "/api/v2/subscription/termination",
        payload: { confirm: true, extraordinary: true },
      };
      // Once: the window is used, so a second notice finds none.
      if (as !== "franchisee" && as !== "foreign") return call;
      return [call, { ...call, expect: [409, "no_termination_window"] as Expected }];
    },
    expect: {
      master: [409, "no_termination_window"],
      franchisee: 200,
      foreign: 200,
      partner: [409, "no_termination_window"],
      team: [403, "forbidden"],
      anonymous: 401,
    },
    check: (_as, body) => {
      expect(body.data.termination).toMatchObject({
        kind: "extraordinary",
        fee_cents: 0,
        ends_on: addDays(addMonths(berlinMonth(new Date()), 1), -1),
      });
    },
  },
  {
    name: "GET /subscription/collective-months (own only)",
    method: "GET",
    call: () => ({ url: "/api/v2/subscription/collective-months" }),
    expect: ownOnly(200),
  },

  // --- The invited franchisee's link (public; 008 §3) ---
  {
    name: "POST /invitations/check (valid link)",
    method: "POST",
    public: true,
    call: async () => ({ url: "/api/v2/invitations/check", payload: { token: (await validLink()).token } }),
    expect: anyCaller(200),
    check: (_as, body) => {
      expect(body.data.master_name).toBe(NAMES.N);
      expect(Object.keys(body.data).sort()).toEqual(
        [
          "company_name",
          "contact_name",
          "contact_surname",
          "email",
          "expires_at",
          "master_name",
          "slave_id",
        ].sort(),
      );
    },
  },
  {
    name: "POST /invitations/check (unknown link)",
    method: "POST",
    public: true,
    call: () => ({ url: "/api/v2/invitations/check", payload: { token: "kein-gueltiger-link-0000000000" } }),
    expect: anyCaller(404),
  },
  {
    name: "POST /invitations/check (expired link)",
    method: "POST",
    public: true,
    call: async () => ({ url: "/api/v2/invitations/check", payload: { token: (await expiredLink()).token } }),
    expect: anyCaller(410),
  },
  {
    name: "POST /dashboard/register/complete (valid link)",
    method: "POST",
    public: true,
    call: async () => ({
      url: "/api/v2/dashboard/register/complete",
      ...completion(await sentInvitation(co.N)),
    }),
    expect: anyCaller(201),
    check: (_as, body) => expect(body.data.confirmation_sent).toBe(true),
  },
  {
    name: "POST /dashboard/register/complete (used link, or another invitation's company)",
    method: "POST",
    public: true,
    call: async () => {
      const { used, wrongCompany } = await usedLink();
      return [
        { url: "/api/v2/dashboard/register/complete", ...used },
        { url: "/api/v2/dashboard/register/complete", ...wrongCompany },
      ];
    },
    expect: anyCaller(404),
  },
  {
    name: "POST /dashboard/register/complete (expired link)",
    method: "POST",
    public: true,
    call: async () => ({ url: "/api/v2/dashboard/register/complete", ...completion(await expiredLink()) }),
    expect: anyCaller(410),
  },

  // --- The console's queue (008 §3) ---
  {
    name: "GET /api/admin/invitations",
    method: "GET",
    call: () => ({ url: "/api/admin/invitations?state=checking&per_page=100" }),
    expect: teamOnly(200),
  },
  {
    name: "POST /api/admin/invitations/:id/approve",
    method: "POST",
    call: async () => ({ url: `/api/admin/invitations/${(await toApprove()).id}/approve` }),
    expect: teamOnly(200),
    check: (_as, body) => expect(body.data.state).toBe("sent"),
  },
  {
    name: "POST /api/admin/invitations/:id/refuse",
    method: "POST",
    call: async () => ({
      url: `/api/admin/invitations/${(await toRefuse()).id}/refuse`,
      payload: { reason: "Das Unternehmen ist nicht Teil des Netzwerks." },
    }),
    expect: teamOnly(200),
    check: (_as, body) => expect(body.data.state).toBe("refused"),
  },

  // --- Another company's ids: 404 for every partner, the master included (008 §2) ---
  {
    name: "GET /dashboard/shop/:id of another company",
    method: "GET",
    call: (as) => othersIn(as).map((c) => ({ url: `/api/v2/dashboard/shop/${c.locationId}` })),
    expect: nobody,
  },
  {
    name: "POST /dashboard/shop/:id of another company (edit)",
    method: "POST",
    call: (as) =>
      othersIn(as).map((c) => ({
        url: `/api/v2/dashboard/shop/${c.locationId}`,
        payload: { ...LOCATION, name: "Übernommen" },
      })),
    expect: nobody,
    after: unchanged,
  },
  {
    name: "PUT /dashboard/shop/:id/pin of another company",
    method: "PUT",
    call: (as) =>
      othersIn(as).map((c) => ({
        url: `/api/v2/dashboard/shop/${c.locationId}/pin`,
        payload: { pin: "4711", limit_count: 3, limit_hours: 1 },
      })),
    expect: nobody,
    after: unchanged,
  },
  {
    name: "GET /dashboard/shop/:id/qr/:format of another company",
    method: "GET",
    call: (as) => othersIn(as).map((c) => ({ url: `/api/v2/dashboard/shop/${c.locationId}/qr/svg` })),
    expect: nobody,
  },
  {
    name: "POST /dashboard/partner/:id of another company",
    method: "POST",
    call: (as) => othersIn(as).map((c) => ({ url: `/api/v2/dashboard/partner/${c.id}`, payload: CARD })),
    expect: nobody,
  },
  {
    name: "GET /dashboard/users/csv/:token of another company's export",
    method: "GET",
    call: async (as) => {
      const calls: Call[] = [];
      for (const c of othersIn(as)) {
        calls.push({ url: `/api/v2/dashboard/users/csv/${await exportToken(c.session.headers)}` });
      }
      return calls;
    },
    expect: nobody,
  },
  {
    name: "GET /subscription/invoices/:id/pdf of another company",
    method: "GET",
    call: (as) => othersIn(as).map((c) => ({ url: `/api/v2/subscription/invoices/${c.invoiceId}/pdf` })),
    expect: nobody,
  },

  // --- The same endpoints with the caller's own data: 200, and only its own (008 §2) ---
  {
    name: "GET /dashboard/users (own clients only)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/users?per_page=100" }),
    expect: ownOnly(200),
    check: (as, body) => {
      expect(body.data.map((c: { email: string }) => c.email)).toEqual([ownCompany(as).clientEmail]);
    },
  },
  {
    name: "GET /dashboard/users/csv/:token (own export)",
    method: "GET",
    call: async (as) => ({
      url: `/api/v2/dashboard/users/csv/${await exportToken(ownCompany(as).session.headers)}`,
    }),
    expect: ownOnly(200),
    check: (as, body) => expect(String(body)).toContain(ownCompany(as).clientEmail),
  },
  {
    name: "GET /dashboard/shop (own locations only)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/shop?per_page=100" }),
    expect: ownOnly(200),
    check: (as, body) => {
      expect(body.data.map((s: { id: number; kind: string }) => [s.id, s.kind])).toEqual([
        [ownCompany(as).locationId, "own"],
      ]);
    },
  },
  {
    name: "GET /dashboard/shop/:id (own location)",
    method: "GET",
    call: (as) => ({ url: `/api/v2/dashboard/shop/${ownCompany(as).locationId}` }),
    expect: ownOnly(200),
    check: (as, body) => expect(body.data.id).toBe(ownCompany(as).locationId),
  },
  {
    name: "GET /dashboard/company (own company)",
    method: "GET",
    call: () => ({ url: "/api/v2/dashboard/company" }),
    expect: ownOnly(200),
    check: (as, body) => expect(JSON.stringify(body)).toContain(NAMES[ownCompany(as).key]),
  },
  {
    name: "GET /subscription/invoices (own invoices only)",
    method: "GET",
    call: () => ({ url: "/api/v2/subscription/invoices" }),
    expect: ownOnly(200),
    check: (as, body) => {
      expect(body.data.map((i: { id: number }) => i.id)).toEqual([ownCompany(as).invoiceId]);
    },
  },
  {
    name: "GET /subscription/invoices/:id/pdf (own invoice)",
    method: "GET",
    call: (as) => ({ url: `/api/v2/subscription/invoices/${ownCompany(as).invoiceId}/pdf` }),
    expect: ownOnly(200),
  },
];

/**
 * What a caller must never receive: the scan codes, IBANs, client addresses and invoice numbers
 * of every other company, and the names of companies it has no relation to.
 */
function forbiddenFor(as: CallerName): string[] {
  const own = OWN[as as keyof typeof OWN];
  if (!own) return [];
  return Object.values(co).flatMap((c) => {
    if (c.key === own) return [];
    const secrets = [c.scanCode, c.iban, c.clientEmail, c.invoiceNumber];
    return NAMES_VISIBLE[own].includes(c.key) ? secrets : [...secrets, c.name];
  });
}

function statusOf(expected: Expected): { status: number; code?: string } {
  return typeof expected === "number" ? { status: expected } : { status: expected[0], code: expected[1] };
}

describe("the franchise permission matrix (decision 008, section 2)", () => {
  for (const row of ROWS) {
    describe(row.name, () => {
      for (const as of CALLERS) {
        const expected = statusOf(row.expect[as]);
        it(`${as}: ${expected.status}${expected.code ? ` ${expected.code}` : ""}`, async () => {
          const made = await row.call(as);
          for (const call of Array.isArray(made) ? made : [made]) {
            const { status, code } = call.expect ? statusOf(call.expect) : expected;
            const res = await t.inject({
              method: row.method,
              url: call.url,
              headers: headersOf(as),
              ...(call.payload ? { payload: call.payload } : {}),
              ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
            });
            expect(res.statusCode, `${as} ${row.method} ${call.url}: ${res.body.slice(0, 300)}`).toBe(status);
            if (code) expect(res.json().code).toBe(code);
            if (status >= 300) continue;
            const type = String(res.headers["content-type"] ?? "");
            const text = type.includes("pdf") ? "" : res.body;
            if (!row.public) {
              for (const secret of forbiddenFor(as)) {
                expect(text, `${as} ${call.url} must not contain ${secret}`).not.toContain(secret);
              }
            }
            await row.check?.(as, type.includes("json") ? res.json() : text);
          }
          await row.after?.();
        });
      }
    });
  }
});
