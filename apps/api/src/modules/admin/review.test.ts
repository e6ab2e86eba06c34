import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, reviewApprovals, statusEvents } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import {
  CARD,
  companyIdOf,
  completeSetUp,
  inLocale,
  type Partner,
  signedInAdmin,
} from "../../test/review.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let colleague: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  admin = await signedInAdmin(t);
  colleague = await signedInAdmin(t);
});

type Admin = typeof admin;
const act = (
  who: Admin,
  id: number,
  action: "approve" | "block" | "unblock",
  payload?: object,
  locale = "de",
) =>
  t.inject({
    method: "POST",
    url: `/api/admin/partners/${id}/${action}`,
    headers: { ...who.headers, "content-language": locale },
    payload,
  });
const detail = async (id: number) =>
  (await t.inject({ url: `/api/admin/partners/${id}`, headers: admin.headers })).json().data;
const status = async (who: Partner) =>
  (await t.inject({ url: "/api/v2/dashboard/status", headers: who.headers })).json().data;
const published = (code: string) => t.inject({ url: `/api/v2/scan-codes/${code}/partner` });
const statusMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, "account.status_changed")))
    .orderBy(asc(mailOutbox.id));
const queue = async (query = "") =>
  (await t.inject({ url: `/api/admin/reviews${query}`, headers: admin.headers })).json();

/** Card descriptions the journey's partner saves after the first approval. */
const EIGHTH = "Jeder 8. Kaffee gratis";
const NINTH = "Jeder 9. Kaffee gratis";
const BLOCK_REASON = "Impressum unvollständig, bitte Handelsregister ergänzen.";

const saveDescription = (who: Partner, id: number, description: string) =>
  t.inject({
    method: "POST",
    url: `/api/v2/dashboard/partner/${id}`,
    headers: who.headers,
    payload: { description },
  });

async function expectOk<R extends { statusCode: number; body: string }>(res: Promise<R>) {
  const done = await res;
  expect(done.statusCode, done.body).toBe(200);
  return done;
}

// Each stop of the journey, walked by every test itself from a partner of its own, so that a
// test runs alone and in any order (docs/architecture.md, Tests).
async function fresh() {
  const carla = await signedInPartner(t, { company_name: "Café Carla" });
  return { carla, id: companyIdOf(carla) };
}
async function yellow() {
  const s = await fresh();
  const { scanCode } = await completeSetUp(t, s.carla);
  return { ...s, scanCode };
}
/** Approved by `admin`. */
async function green() {
  const s = await yellow();
  await expectOk(act(admin, s.id, "approve"));
  return s;
}
/** Green, then the description changed to EIGHTH. */
async function orange() {
  const s = await green();
  await expectOk(saveDescription(s.carla, s.id, EIGHTH));
  return s;
}
/** The change approved by `colleague`. */
async function greenAgain() {
  const s = await orange();
  await expectOk(act(colleague, s.id, "approve"));
  return s;
}
/** Blocked by `colleague`, then the description changed to NINTH while blocked. */
async function red() {
  const s = await greenAgain();
  await expectOk(act(colleague, s.id, "block", { reason: BLOCK_REASON }));
  await expectOk(saveDescription(s.carla, s.id, NINTH));
  return s;
}
/** Unblocked by `admin`. */
async function unblocked() {
  const s = await red();
  await expectOk(act(admin, s.id, "unblock"));
  return s;
}

describe("the account status journey through the API", () => {
  it("a fresh partner is gray; nothing is published", async () => {
    const { carla } = await fresh();
    expect(await status(carla)).toMatchObject({
      status: "gray",
      missing: ["contact", "location", "card", "sepa"],
    });
    expect(await statusMails(carla.email)).toHaveLength(0);
  });

  it("completing the data makes it yellow and mails the partner; still nothing published", async () => {
    const { carla, id, scanCode } = await yellow();
    expect(await status(carla)).toMatchObject({ status: "yellow", missing: [], approved_at: null });
    const mails = await statusMails(carla.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Gelb");
    expect((await published(scanCode)).statusCode).toBe(404);
    const waiting = (await queue("?per_page=100")).data.find((p: { id: number }) => p.id === id);
    expect(waiting).toMatchObject({
      name: "Café Carla",
      status: "yellow",
      type: "partner",
      email: carla.email,
    });
  });

  it("the provider team approves: green, the approval is recorded with the admin, the data is published", async () => {
    const { carla, id, scanCode } = await yellow();
    const res = await act(admin, id, "approve");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "green", missing: [] });
    expect(Date.parse(res.json().data.approved_at)).not.toBeNaN();
    expect(await status(carla)).toMatchObject({ status: "green" });

    const approvals = await t.db.select().from(reviewApprovals).where(eq(reviewApprovals.companyId, id));
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ approvedByUserId: admin.id });
    expect(approvals[0]!.snapshot["card.description"]).toBe(CARD.description);

    const pub = await published(scanCode);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({
      public_name: "Café Carla Öffentlich",
      description: CARD.description,
      points: 10,
      logo: null,
      socials: [],
    });
    expect(pub.json().data.categories).toHaveLength(2);
    expect(pub.json().data.locations).toHaveLength(1);
    // Published data is what customers see: no IBAN, no contact person, no billing address.
    expect(pub.body).not.toContain("Sonnenschein");
    expect(pub.body).not.toContain("Lindenallee");
    expect((await statusMails(carla.email)).at(-1)!.text).toContain("Grün");
    expect((await queue("?per_page=100")).data.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it("saving unchanged data keeps the account green", async () => {
    const { carla, id } = await green();
    const res = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${id}`,
      headers: carla.headers,
      payload: CARD,
    });
    expect(res.json().data.status).toBe("green");
  });

  it("a changed card description goes to review (orange); customers still see the approved description", async () => {
    const { carla, id, scanCode } = await green();
    const res = await saveDescription(carla, id, EIGHTH);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "orange", description: EIGHTH });
    expect(await status(carla)).toMatchObject({ status: "orange", reason: null });

    const pub = (await published(scanCode)).json().data;
    expect(pub.description).toBe(CARD.description);
    expect(pub.public_name).toBe("Café Carla Öffentlich");

    const data = await detail(id);
    expect(data.status.status).toBe("orange");
    expect(data.card.description).toBe(EIGHTH);
    expect(data.last_approval.changes).toEqual([
      { field: "card.description", before: CARD.description, after: EIGHTH },
    ]);
    expect(data.company).toMatchObject({
      company_name: "Café Carla",
      payment: { iban_masked: "DE•• •••• 3000" },
    });
    expect(data.locations).toHaveLength(1);
    expect(data.categories.filter((c: { primary: boolean }) => c.primary)).toHaveLength(1);
    expect((await queue("?per_page=100")).data.find((p: { id: number }) => p.id === id)).toMatchObject({
      status: "orange",
    });
  });

  it("approving the change publishes the new description", async () => {
    const { id, scanCode } = await orange();
    const res = await act(colleague, id, "approve");
    expect(res.json().data.status).toBe("green");
    expect((await published(scanCode)).json().data.description).toBe(EIGHTH);
    const data = await detail(id);
    expect(data.last_approval.changes).toEqual([]);
    const approvals = await t.db
      .select()
      .from(reviewApprovals)
      .where(eq(reviewApprovals.companyId, id))
      .orderBy(asc(reviewApprovals.id));
    expect(approvals.map((a) => a.approvedByUserId)).toEqual([admin.id, colleague.id]);
  });

  it("approving a green account again is a conflict", async () => {
    const { id } = await greenAgain();
    const res = await act(admin, id, "approve");
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("conflict");
  });

  it.each([
    // Without a body at all there is no field to name.
    [undefined, "Bitte überprüfen Sie Ihre Eingabe.", "Please check your input."],
    [
      {},
      "Bitte geben Sie einen Grund für die Sperre an (mindestens 5 Zeichen).",
      "Please give a reason for the block (at least 5 characters).",
    ],
    [
      { reason: "    kurz    " },
      "Bitte geben Sie einen Grund für die Sperre an (mindestens 5 Zeichen).",
      "Please give a reason for the block (at least 5 characters).",
    ],
    [
      { reason: 42 },
      "Bitte geben Sie einen Grund für die Sperre an (mindestens 5 Zeichen).",
      "Please give a reason for the block (at least 5 characters).",
    ],
    [{ reason: "x".repeat(1001) }, "Dieser Text ist zu lang.", "This text is too long."],
  ])("blocking needs a reason: %j", async (payload, de, en) => {
    const { carla, id } = await green();
    for (const [locale, text] of [
      ["de", de],
      ["en", en],
    ] as const) {
      const res = await act(admin, id, "block", payload, locale);
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors;
      expect(errors).toEqual({ [payload === undefined ? "_" : "reason"]: [text] });
    }
    expect(await status(carla)).toMatchObject({ status: "green" });
  });

  it("blocking with a reason: red, the reason is shown and mailed, nothing is published", async () => {
    const { carla, id, scanCode } = await greenAgain();
    const res = await act(colleague, id, "block", { reason: `  ${BLOCK_REASON}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "red", reason: BLOCK_REASON });
    expect(await status(carla)).toMatchObject({ status: "red", reason: BLOCK_REASON });
    expect((await statusMails(carla.email)).at(-1)!.text).toContain(BLOCK_REASON);
    expect((await published(scanCode)).statusCode).toBe(404);
    // Data changes do not lift a block.
    await saveDescription(carla, id, NINTH);
    expect(await status(carla)).toMatchObject({ status: "red" });
    expect((await act(admin, id, "block", { reason: "noch einmal sperren" })).statusCode).toBe(409);
  });

  it("unblocking an account that was live sends its changes to review (orange) with the last approved data published", async () => {
    const { id, scanCode } = await red();
    const res = await act(admin, id, "unblock");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "orange", reason: null });
    expect((await published(scanCode)).json().data.description).toBe(EIGHTH);
    expect((await detail(id)).last_approval.changes).toEqual([
      { field: "card.description", before: EIGHTH, after: NINTH },
    ]);
    expect((await act(admin, id, "unblock")).statusCode).toBe(409);
  });

  it("the audit trail names the admin of every team action and no one for the partner's own changes", async () => {
    const { carla, id } = await unblocked();
    const events = (await detail(id)).events as {
      event: string;
      from_status: string;
      to_status: string;
      actor_email: string | null;
      reason: string | null;
    }[];
    // Newest first.
    expect(events.map((e) => [e.event, e.from_status, e.to_status, e.actor_email])).toEqual([
      ["unblocked", "red", "orange", admin.email],
      ["blocked", "green", "red", colleague.email],
      ["approved", "orange", "green", colleague.email],
      ["data_changed", "green", "orange", null],
      ["approved", "yellow", "green", admin.email],
      ["data_changed", "gray", "yellow", null],
      // The registration waited for the address to be confirmed (docs/product.md, account status).
      ["email_confirmed", "black", "gray", null],
    ]);
    expect(events[1]!.reason).toBe(BLOCK_REASON);
    const rows = await t.db.select().from(statusEvents).where(eq(statusEvents.companyId, id));
    expect(
      rows
        .filter((r) => r.event !== "data_changed" && r.event !== "email_confirmed")
        .map((r) => r.actorUserId)
        .sort(),
    ).toEqual([admin.id, admin.id, colleague.id, colleague.id].sort());
    // Every change is mailed, except the confirmation that leads straight into the dashboard.
    expect((await statusMails(carla.email)).length).toBe(events.length - 1);
  });
});

describe("review queue", () => {
  it("lists yellow and orange accounts, the longest waiting first (not by id), with paging", async () => {
    const first = await signedInPartner(t, { company_name: "Eiscafé Erst" });
    const second = await signedInPartner(t, { company_name: "Kiosk Zweit" });
    const gray = await signedInPartner(t, { company_name: "Grau GmbH" });
    // The younger account (higher id) completes its set-up first.
    const { id: secondId } = await completeSetUp(t, second);
    const { id: firstId } = await completeSetUp(t, first);
    const { data, meta } = await queue("?per_page=100");
    const ids = data.map((p: { id: number }) => p.id);
    expect(ids.indexOf(secondId)).toBeLessThan(ids.indexOf(firstId));
    expect(ids).not.toContain(companyIdOf(gray));
    expect(meta).toMatchObject({ page: 1, per_page: 100, total: data.length });
    const since = data.map((p: { since: string }) => Date.parse(p.since));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    for (const p of data) expect(["yellow", "orange"]).toContain(p.status);

    const page2 = await queue("?per_page=1&page=2");
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].id).toBe(ids[1]);
    expect(page2.meta).toMatchObject({ page: 2, per_page: 1, total: data.length });
    expect(
      (await t.inject({ url: "/api/admin/reviews?per_page=0", headers: admin.headers })).statusCode,
    ).toBe(422);
  });
});

describe("guards and bad input", () => {
  let dora: Partner;
  let doraId: number;
  beforeAll(async () => {
    dora = await signedInPartner(t, { company_name: "Dora Döner" });
    doraId = companyIdOf(dora);
  });

  const calls = (id: number | string) =>
    [
      ["GET", "/api/admin/reviews", undefined],
      ["GET", `/api/admin/partners/${id}`, undefined],
      ["POST", `/api/admin/partners/${id}/approve`, undefined],
      ["POST", `/api/admin/partners/${id}/block`, { reason: "Ein guter Grund" }],
      ["POST", `/api/admin/partners/${id}/unblock`, undefined],
    ] as const;

  it("partners get 403, visitors 401, and nothing changes", async () => {
    for (const [method, url, payload] of calls(doraId)) {
      const asPartner = await t.inject({ method, url, payload, headers: inLocale(dora, "en") });
      expect(asPartner.statusCode, `${method} ${url}`).toBe(403);
      expect(asPartner.json()).toMatchObject({
        code: "forbidden",
        message: "You are not allowed to do this.",
      });
      const asVisitor = await t.inject({ method, url, payload });
      expect(asVisitor.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await status(dora)).toMatchObject({ status: "gray" });
  });

  it("an unknown account answers 404, a malformed id 422", async () => {
    for (const [method, url, payload] of calls(99_999_999)) {
      const res = await t.inject({ method, url, payload, headers: admin.headers });
      if (url.endsWith("/reviews")) continue;
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, payload] of calls("abc")) {
      if (url.endsWith("/reviews")) continue;
      const res = await t.inject({
        method,
        url,
        payload,
        headers: { ...admin.headers, "content-language": "en" },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json().errors).toEqual({ id: ["Please enter a whole number."] });
    }
  });

  it("the public partner of a scan code: 404 for an unknown code, 422 for a malformed one", async () => {
    expect((await published("AbCdEf123456")).statusCode).toBe(404);
    const bad = await t.inject({
      url: "/api/v2/scan-codes/%3Cscript%3E/partner",
      headers: { "content-language": "en" },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["code"]);
  });

  it("an incomplete (gray) account cannot be approved or unblocked, but can be blocked and unblocked back to gray", async () => {
    expect((await act(admin, doraId, "approve")).statusCode).toBe(409);
    expect((await act(admin, doraId, "unblock")).statusCode).toBe(409);
    expect(
      (await act(admin, doraId, "block", { reason: "Verdacht auf Fake-Konto" })).json().data.status,
    ).toBe("red");
    expect((await act(admin, doraId, "unblock")).json().data).toMatchObject({ status: "gray" });
    const data = await detail(doraId);
    expect(data.last_approval).toBeNull();
    expect(data.company.payment).toBeNull();
  });
});

describe("a location added while a change waits for review", () => {
  it("is not published until the team approves it; the approved location stays published", async () => {
    const partner = await signedInPartner(t, { company_name: "Eisdiele Nord" });
    const { id, scanCode } = await completeSetUp(t, partner);
    expect((await act(admin, id, "approve")).json().data.status).toBe("green");

    const added = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/shop",
      headers: partner.headers,
      payload: {
        name: "Eisdiele Nord Hafen",
        street: "Kai",
        building: "1",
        postcode: "20457",
        city: "Hamburg",
      },
    });
    expect(added.statusCode).toBe(201);
    const newCode = String(added.json().data.scan_url).split("/s/")[1]!;
    expect((await status(partner)).status).toBe("orange");
    expect((await t.inject({ url: `/api/v2/scan-codes/${newCode}/partner` })).statusCode).toBe(404);
    expect((await t.inject({ url: `/api/v2/scan-codes/${scanCode}/partner` })).statusCode).toBe(200);

    expect((await act(admin, id, "approve")).json().data.status).toBe("green");
    const published = await t.inject({ url: `/api/v2/scan-codes/${newCode}/partner` });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.locations.map((l: { name: string }) => l.name)).toContain(
      "Eisdiele Nord Hafen",
    );
  });
});
