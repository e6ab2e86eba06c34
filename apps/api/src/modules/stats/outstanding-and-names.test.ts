import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { build, type TestApp } from "../../test/build.ts";
import { CARD, companyIdOf, signedInAdmin } from "../../test/review.ts";
import { appCustomer, type Customer, livePartner, setStaffPin } from "../../test/scans.ts";
import { collectPoint } from "../app/scan.ts";

// What the partner owes (whole cards and open points, card by card) and how the statistics name
// customers: by the name they share, else by their number at this partner, never by wallet.

let t: TestApp;
let cafe: Awaited<ReturnType<typeof livePartner>>;
let bakery: Awaited<ReturnType<typeof livePartner>>;
let kim: Customer;
let lea: Customer;
let tom: Customer;
const DAY = 86_400_000;
const now = Date.now();

/** `points` collections, one a day (below any collection limit), ending yesterday. */
async function collect(customer: Customer, partner: { scanCode: string }, points: number) {
  for (let i = points; i >= 1; i--) {
    const at = new Date(now - i * DAY);
    await collectPoint(t.db, customer.id, { code: partner.scanCode, method: "qr" }, { at });
  }
}

const get = async (partner: { headers: Record<string, string> }, path: string) => {
  const res = await t.inject({ url: `/api/v2/dashboard/${path}`, headers: partner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function share(customer: Customer, partner: { id: number }) {
  const res = await t.inject({
    method: "PUT",
    url: `/api/app/cards/${partner.id}/share`,
    headers: customer.headers,
    payload: { share_contact: true },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await build();
  cafe = await livePartner(t);
  bakery = await livePartner(t);
  kim = await appCustomer(t, { first_name: "Kim", surname: "Sommer" });
  lea = await appCustomer(t, { first_name: "Lea", surname: "Winter" });
  tom = await appCustomer(t);
  // Card of 10 points: Kim 7, Lea 9, Tom 3; they came in this order.
  await collect(kim, cafe, 7);
  await collect(lea, cafe, 9);
  await collect(tom, cafe, 3);
  await share(kim, cafe);
  // Tom came to the bakery first of all its customers.
  await collect(tom, bakery, 1);
});

describe("outstanding rewards", () => {
  it("are whole cards plus open points per card, with the card's points as scans count them", async () => {
    expect(CARD.points).toBe(10);
    expect((await get(cafe, "stats")).outstanding).toEqual({ fullCards: 0, openPoints: 19, points: 19 });

    // The partner lowers the card to 4 points: until the team approves it, scans (and so the
    // statistics) keep the approved 10.
    const change = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(cafe)}`,
      headers: cafe.headers,
      payload: { points: 4 },
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    expect((await get(cafe, "stats")).outstanding).toEqual({ fullCards: 0, openPoints: 19, points: 19 });

    const admin = await signedInAdmin(t);
    const approve = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${companyIdOf(cafe)}/approve`,
      headers: admin.headers,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // 7 = 1 card + 3, 9 = 2 cards + 1, 3 = 0 cards + 3: not 19 / 4 = 4.75 rewards.
    const stats = await get(cafe, "stats");
    expect(stats.maxPoints).toBe(4);
    expect(stats.outstanding).toEqual({ fullCards: 3, openPoints: 7, points: 19 });
  });

  it("another partner's figures hold only its own cards", async () => {
    expect((await get(bakery, "stats")).outstanding).toEqual({ fullCards: 0, openPoints: 1, points: 1 });
  });
});

describe("customers in the statistics", () => {
  it("are named where they share, else numbered per partner in the order they came", async () => {
    const top = await get(cafe, "topCustomers");
    expect(top.map((c: { customer: unknown }) => c.customer)).toEqual([
      { name: null, number: 2 },
      { name: "Kim Sommer", number: 1 },
      { name: null, number: 3 },
    ]);
    // Tom is number 3 at the café and number 1 at the bakery: nothing links him across partners.
    expect((await get(bakery, "topCustomers")).map((c: { customer: unknown }) => c.customer)).toEqual([
      { name: null, number: 1 },
    ]);
    const numbers = rowsOf<{ app_user_id: number; customer_number: number }>(
      await t.db.execute(sql`
        select app_user_id::int, customer_number from cards where company_id = ${cafe.id} order by customer_number`),
    );
    expect(numbers.map((n) => n.app_user_id)).toEqual([kim.id, lea.id, tom.id]);
  });

  it("new customers scanning at the same moment get one number each", async () => {
    const bistro = await livePartner(t);
    const crowd = await Promise.all(Array.from({ length: 8 }, () => appCustomer(t)));
    await Promise.all(crowd.map((c) => collectPoint(t.db, c.id, { code: bistro.scanCode, method: "qr" })));
    const numbers = rowsOf<{ customer_number: number }>(
      await t.db.execute(
        sql`select customer_number from cards where company_id = ${bistro.id} order by customer_number`,
      ),
    );
    expect(numbers.map((n) => n.customer_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("never carry a wallet address or an email", async () => {
    const body = JSON.stringify([await get(cafe, "topCustomers"), await get(cafe, "stats")]);
    for (const c of [kim, lea, tom]) {
      expect(body).not.toContain(c.wallet);
      expect(body).not.toContain(c.email);
    }
  });

  it("in the fraud list by name or number too", async () => {
    // A partner of its own (the others' figures stay as set up): Ben shares his name, Ida does
    // not; each collects five times in one day, which the unusual-daily rule lists.
    const bar = await livePartner(t);
    const ben = await appCustomer(t, { first_name: "Ben", surname: "Brandt" });
    const ida = await appCustomer(t);
    const pin = "2468";
    await setStaffPin(t, bar, bar.locationId, pin, { count: 10, hours: 24 });
    const day = new Date(now - DAY);
    day.setUTCHours(9, 0, 0, 0);
    for (const [k, customer] of [ben, ida].entries()) {
      for (let i = 0; i < 5; i++) {
        const at = new Date(day.getTime() + (10 * k + i) * 60_000);
        await collectPoint(t.db, customer.id, { code: bar.scanCode, method: "qr", pin }, { at });
      }
    }
    await share(ben, bar);
    const fraud = await get(bar, `fraud?month=${day.toISOString().slice(0, 7)}`);
    expect(fraud.map((f: { customer: unknown }) => f.customer)).toEqual([
      { name: null, number: 2 },
      { name: "Ben Brandt", number: 1 },
    ]);
    expect(JSON.stringify(fraud)).not.toContain(ida.wallet);
    expect(await get(cafe, `fraud?month=${day.toISOString().slice(0, 7)}`)).toEqual([]);
  });
});
