import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { cards, fraudEvents, scans } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import { appCustomer, livePartner, redeem, scan, setStaffPin } from "../../test/scans.ts";

let t: TestApp;
let cafe: Awaited<ReturnType<typeof livePartner>>;
const PIN = "4711";

beforeAll(async () => {
  t = await build();
  cafe = await livePartner(t);
  // 2 collections per customer within 24 hours without the PIN (the default), card of 10 points.
  await setStaffPin(t, cafe, cafe.locationId, PIN, { count: 2, hours: 24 });
});

const cardOf = async (appUserId: number) =>
  (await t.db.select().from(cards).where(eq(cards.appUserId, appUserId)))[0];

describe("app accounts", () => {
  it("registers a customer with a wallet address derived from the seed by user number", async () => {
    const kim = await appCustomer(t);
    // Known vectors of the development mnemonic (m/44'/60'/0'/0/i), as every Ethereum tool derives them.
    const known: Record<number, string> = {
      1: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      2: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    };
    if (known[kim.id]) expect(kim.wallet).toBe(known[kim.id]);
    expect(kim.wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const me = await t.inject({ url: "/api/app/me", headers: kim.headers });
    expect(me.json().data).toMatchObject({
      email: kim.email,
      wallet_address: kim.wallet,
      date_of_birth: "1990-05-17",
    });
    const again = await t.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { email: kim.email, password: kim.password },
    });
    expect(again.json().data.user.wallet_address).toBe(kim.wallet);
  });

  it("refuses a taken email, bad input with field messages, and wrong passwords", async () => {
    const kim = await appCustomer(t);
    const taken = await t.inject({
      method: "POST",
      url: "/api/app/register",
      payload: { email: kim.email.toUpperCase(), password: "anderes-passwort" },
      headers: { "content-language": "en" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email[0]).toMatch(/already an account/);
    const bad = await t.inject({
      method: "POST",
      url: "/api/app/register",
      payload: { email: "nope", password: "x", date_of_birth: "2999-01-01" },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["date_of_birth", "email", "password"]);
    const wrong = await t.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { email: kim.email, password: "falsch-falsch" },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("answers 401 without or with a foreign token (a partner's session is not an app session)", async () => {
    expect(
      (await t.inject({ method: "POST", url: "/api/app/scan", payload: { code: cafe.scanCode } })).statusCode,
    ).toBe(401);
    const partnerToken = { authorization: `Bearer ${cafe.token}` };
    expect((await t.inject({ url: "/api/app/me", headers: partnerToken })).statusCode).toBe(401);
  });
});

describe("collecting points", () => {
  it("a scan collects a point on the customer's card for that partner", async () => {
    const kim = await appCustomer(t);
    const res = await scan(t, kim, cafe.scanCode, { method: "nfc" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: "collect",
      points: 1,
      max_points: 10,
      card_full: false,
      replayed: false,
    });
    expect(res.json().data.partner.id).toBe(cafe.id);
    expect(await cardOf(kim.id)).toMatchObject({
      points: 1,
      collects: 1,
      companyId: cafe.id,
      shareContact: false,
    });
  });

  it("unknown codes and codes of accounts that are not live answer 404 with a message", async () => {
    const kim = await appCustomer(t);
    const res = await scan(t, kim, "unknown-code-123");
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.code).toHaveLength(1);
    const bad = await scan(t, kim, "<script>");
    expect(bad.statusCode).toBe(422);
  });

  it("beyond the PIN limit a scan needs the staff PIN; a wrong PIN is refused; the hits are in the fraud events", async () => {
    const kim = await appCustomer(t);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(201);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(201);
    const third = await scan(t, kim, cafe.scanCode);
    expect(third.statusCode).toBe(403);
    expect(third.json().code).toBe("pin_required");
    const wrong = await scan(t, kim, cafe.scanCode, { pin: "0000" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("pin_wrong");
    const withPin = await scan(t, kim, cafe.scanCode, { pin: PIN });
    expect(withPin.statusCode).toBe(201);
    expect(withPin.json().data).toMatchObject({ points: 3, with_pin: true });
    expect((await cardOf(kim.id))?.points).toBe(3);
    const events = await t.db.select().from(fraudEvents).where(eq(fraudEvents.appUserId, kim.id));
    expect(events).toMatchObject([{ rule: "pin_limit", occurrences: 3, locationId: cafe.locationId }]);
  });

  it("the limit counts only collections within the last H hours", async () => {
    const kim = await appCustomer(t);
    await scan(t, kim, cafe.scanCode);
    await scan(t, kim, cafe.scanCode);
    // Both collections move 25 hours into the past: the window of 24 hours is free again.
    await t.db.execute(
      sql`update scans set created_at = created_at - interval '25 hours' where app_user_id = ${kim.id}`,
    );
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(201);
  });

  it("a retried request with the same idempotency key counts once and answers the same", async () => {
    const kim = await appCustomer(t);
    const first = await scan(t, kim, cafe.scanCode, { key: "retry-key-0001" });
    const retry = await scan(t, kim, cafe.scanCode, { key: "retry-key-0001" });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({
      scan_id: first.json().data.scan_id,
      points: 1,
      replayed: true,
    });
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => scan(t, kim, cafe.scanCode, { key: "retry-key-0002" })),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect((await t.db.select().from(scans).where(eq(scans.appUserId, kim.id))).length).toBe(2);
    expect((await cardOf(kim.id))?.points).toBe(2);
    const badKey = await scan(t, kim, cafe.scanCode, { key: "x" });
    expect(badKey.statusCode).toBe(422);
  });

  it("a key sent again for another location or action is refused, also when both race", async () => {
    const other = await livePartner(t);
    const kim = await appCustomer(t);
    expect((await scan(t, kim, cafe.scanCode, { key: "shared-key-01" })).statusCode).toBe(201);
    const elsewhere = await scan(t, kim, other.scanCode, { key: "shared-key-01" });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe("idempotency_key_reused");
    expect((await redeem(t, kim, cafe.scanCode, PIN, "shared-key-01")).statusCode).toBe(409);
    const race = await Promise.all([
      scan(t, kim, cafe.scanCode, { key: "shared-key-02" }),
      scan(t, kim, other.scanCode, { key: "shared-key-02" }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await t.db.select().from(scans).where(eq(scans.appUserId, kim.id))).length).toBe(2);
  });

  it("a retry of a scan made before the location closed still gets its answer", async () => {
    const place = await livePartner(t);
    const kim = await appCustomer(t);
    const first = await scan(t, kim, place.scanCode, { key: "before-closing" });
    expect(first.statusCode).toBe(201);
    await t.db.execute(sql`update locations set is_closed = true where id = ${place.locationId}`);
    const retry = await scan(t, kim, place.scanCode, { key: "before-closing" });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.scan_id).toBe(first.json().data.scan_id);
    expect((await scan(t, kim, place.scanCode)).json().code).toBe("location_closed");
  });

  it("many customers collecting and redeeming at one partner at once: no error, the distribution stays exact", async () => {
    const crowd = await Promise.all(Array.from({ length: 12 }, () => appCustomer(t)));
    // Every level from 0 to 10 points is held by someone; the full cards are redeemed in the burst.
    for (const [i, kim] of crowd.entries()) {
      for (let p = 0; p < Math.min(i, 10); p++) await scan(t, kim, cafe.scanCode, { pin: PIN });
    }
    const burst = await Promise.all(
      crowd.flatMap((kim) => [
        kim === crowd[10] || kim === crowd[11]
          ? redeem(t, kim, cafe.scanCode, PIN)
          : scan(t, kim, cafe.scanCode, { pin: PIN }),
        scan(t, kim, cafe.scanCode, { pin: PIN }),
      ]),
    );
    expect(burst.filter((r) => r.statusCode >= 500)).toEqual([]);
    const distribution = rowsOf<{ points: number; cards: number }>(
      await t.db.execute(
        sql`select points, cards from stats_points where company_id = ${cafe.id} and cards <> 0 order by 1`,
      ),
    );
    const fromCards = rowsOf<{ points: number; cards: number }>(
      await t.db.execute(sql`
        select points, count(*)::int as cards from cards
        where company_id = ${cafe.id} and collects + redeems > 0 group by points order by 1`),
    );
    expect(distribution).toEqual(fromCards);
  });

  it("concurrent scans with the PIN never lose or double a point", async () => {
    const kim = await appCustomer(t);
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        scan(t, kim, cafe.scanCode, { pin: PIN, key: `concurrent-${i}-key` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(9).fill(201));
    expect(results.map((r) => r.json().data.points).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect((await cardOf(kim.id))?.points).toBe(9);
  });

  it("concurrent scans without the PIN: exactly the limit gets through", async () => {
    const kim = await appCustomer(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => scan(t, kim, cafe.scanCode)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    expect((await cardOf(kim.id))?.points).toBe(2);
  });

  it("an unusual number of collections at one location in a day is listed as a fraud event", async () => {
    const kim = await appCustomer(t);
    for (let i = 0; i < 6; i++)
      expect((await scan(t, kim, cafe.scanCode, { pin: PIN })).statusCode).toBe(201);
    const [unusual] = rowsOf<{ occurrences: number }>(
      await t.db.execute(
        sql`select occurrences from fraud_events where app_user_id = ${kim.id} and rule = 'unusual_daily'`,
      ),
    );
    expect(unusual?.occurrences).toBe(6);
  });
});

describe("redeeming", () => {
  it("a full card is redeemed only with the staff PIN; a card that is not full is refused", async () => {
    const kim = await appCustomer(t);
    for (let i = 0; i < 9; i++) await scan(t, kim, cafe.scanCode, { pin: PIN });
    const notFull = await redeem(t, kim, cafe.scanCode, PIN);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().code).toBe("card_not_full");
    const tenth = await scan(t, kim, cafe.scanCode, { pin: PIN });
    expect(tenth.json().data).toMatchObject({ points: 10, card_full: true });
    const eleventh = await scan(t, kim, cafe.scanCode, { pin: PIN });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe("card_full");
    const noPin = await t.inject({
      method: "POST",
      url: "/api/app/redeem",
      headers: kim.headers,
      payload: { code: cafe.scanCode },
    });
    expect(noPin.statusCode).toBe(422);
    expect(noPin.json().errors.pin).toHaveLength(1);
    expect((await redeem(t, kim, cafe.scanCode, "9999")).json().code).toBe("pin_wrong");
    const ok = await redeem(t, kim, cafe.scanCode, PIN, "redeem-key-01");
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ kind: "redeem", points: 0 });
    const retried = await redeem(t, kim, cafe.scanCode, PIN, "redeem-key-01");
    expect(retried.json().data).toMatchObject({ replayed: true, points: 0 });
    expect(await cardOf(kim.id)).toMatchObject({ points: 0, redeems: 1, collects: 10 });
  });
});

describe("sharing contact data", () => {
  it("the customer decides per partner; only partners with a card can be chosen", async () => {
    const kim = await appCustomer(t);
    await scan(t, kim, cafe.scanCode);
    const share = await t.inject({
      method: "PUT",
      url: `/api/app/cards/${cafe.id}/share`,
      headers: kim.headers,
      payload: { share_contact: true },
    });
    expect(share.statusCode).toBe(200);
    expect((await cardOf(kim.id))?.shareContact).toBe(true);
    const list = await t.inject({ url: "/api/app/cards", headers: kim.headers });
    expect(list.json().data).toMatchObject([
      { partner_id: cafe.id, points: 1, max_points: 10, share_contact: true },
    ]);
    const other = await t.inject({
      method: "PUT",
      url: `/api/app/cards/${cafe.id + 999}/share`,
      headers: kim.headers,
      payload: { share_contact: true },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("the card list while a change waits for review", () => {
  it("shows the approved name and card size, not the changed ones, until the team approves", async () => {
    const bakery = await livePartner(t);
    const kim = await appCustomer(t);
    expect((await scan(t, kim, bakery.scanCode)).statusCode).toBe(201);
    const before = (await t.inject({ url: "/api/app/cards", headers: kim.headers })).json().data[0];
    const change = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${bakery.id}`,
      headers: bakery.headers,
      payload: { public_name: "Ungeprüfter Name", points: 5 },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data.status).toBe("orange");
    const list = await t.inject({ url: "/api/app/cards", headers: kim.headers });
    expect(list.json().data).toMatchObject([
      { partner_id: bakery.id, partner_name: before.partner_name, max_points: before.max_points },
    ]);
    expect(list.json().data[0].partner_name).not.toBe("Ungeprüfter Name");
  });
});

describe("guessing the PIN", () => {
  it("after 5 wrong PINs in 15 minutes the customer must wait (429), even with the right PIN", async () => {
    const kim = await appCustomer(t);
    for (let i = 0; i < 5; i++)
      expect((await scan(t, kim, cafe.scanCode, { pin: `000${i}` })).statusCode).toBe(403);
    const blocked = await scan(t, kim, cafe.scanCode, { pin: PIN });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});
