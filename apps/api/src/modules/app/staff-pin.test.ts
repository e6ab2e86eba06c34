import { STAFF_PIN } from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { fraudEvents, mailOutbox, pinGuards } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import { appCustomer, type Customer, livePartner, redeem, scan } from "../../test/scans.ts";
import { sendFraudSummaries } from "../stats/fraud-summary.ts";

// The staff PIN's lock per location across all customers (docs/product.md, "Staff PIN").

let t: TestApp;
const PIN = "4711";
const N = STAFF_PIN.locationFailures;

beforeAll(async () => {
  t = await build();
});

type Partner = Awaited<ReturnType<typeof livePartner>>;

/** A live partner whose location has the PIN 4711 and a limit of 2 collections per 24 hours. */
async function shop(): Promise<Partner> {
  const partner = await livePartner(t);
  const res = await setPin(partner, partner.locationId, PIN);
  expect(res.statusCode).toBe(200);
  return partner;
}

const setPin = (partner: Partner, locationId: number, pin: string) =>
  t.inject({
    method: "PUT",
    url: `/api/v2/dashboard/shop/${locationId}/pin`,
    headers: partner.headers,
    payload: { pin, limit_count: 2, limit_hours: 24 },
  });

/** `n` new customers (the throwaway accounts of a guesser). */
const customers = (n: number) => Promise.all(Array.from({ length: n }, () => appCustomer(t)));

/** Wrong PINs from fresh accounts, one after another, two per account (below its own limit). */
async function guessWrong(code: string, n: number): Promise<number[]> {
  const crowd = await customers(Math.ceil(n / 2));
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    statuses.push((await scan(t, crowd[i >> 1]!, code, { pin: wrongPin(i) })).statusCode);
  }
  return statuses;
}

const wrongPin = (i: number) => String(1000 + (i % 9000)).padStart(4, "0");

/** A customer with a full card (10 points) at the partner, collected with the right PIN. */
async function fullCard(partner: Partner): Promise<Customer> {
  const kim = await appCustomer(t);
  for (let i = 0; i < 10; i++) {
    expect((await scan(t, kim, partner.scanCode, { pin: PIN })).statusCode).toBe(201);
  }
  return kim;
}

const lockMails = (partner: Partner) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, partner.email), eq(mailOutbox.template, "pin-locked")));

const lockEvents = (partner: Partner) =>
  t.db
    .select()
    .from(fraudEvents)
    .where(and(eq(fraudEvents.companyId, partner.id), eq(fraudEvents.rule, "pin_locked")));

const guardOf = async (locationId: number) =>
  (await t.db.select().from(pinGuards).where(eq(pinGuards.locationId, locationId)))[0];

const locationView = async (partner: Partner, locationId = partner.locationId) =>
  (await t.inject({ url: `/api/v2/dashboard/shop/${locationId}`, headers: partner.headers })).json().data;

describe("wrong staff PINs are counted per location, across customers", () => {
  it(`many accounts guessing: the ${N}th wrong PIN locks the PIN; then even the right PIN is refused`, async () => {
    const cafe = await shop();
    const kim = await fullCard(cafe);
    const statuses = await guessWrong(cafe.scanCode, N);
    expect(statuses).toEqual([...Array(N - 1).fill(403), 423]);

    const fresh = await appCustomer(t);
    const right = await scan(t, fresh, cafe.scanCode, { pin: PIN });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ code: "pin_locked" });
    expect(right.json().message).toMatch(/Personal später/);
    const retryAfter = Number(right.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(STAFF_PIN.lockMinutes * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(STAFF_PIN.lockMinutes * 60);
    const english = await t.inject({
      method: "POST",
      url: "/api/app/scan",
      headers: { ...fresh.headers, "content-language": "en" },
      payload: { code: cafe.scanCode, method: "qr", pin: PIN },
    });
    expect(english.json().message).toMatch(/ask the staff again later/);

    // Redeeming a full card needs the PIN too, so it waits as well; the card keeps its points.
    const redeemed = await redeem(t, kim, cafe.scanCode, PIN);
    expect(redeemed.statusCode).toBe(423);
    expect(redeemed.json().code).toBe("pin_locked");
    // Collecting without the PIN, within the limit, goes on.
    expect((await scan(t, fresh, cafe.scanCode)).statusCode).toBe(201);
    // Refused attempts while locked are not counted further.
    expect((await guardOf(cafe.locationId))?.failures).toBe(N);
  });

  it("each account also has its own limit: the 6th wrong PIN of one customer answers 429", async () => {
    const cafe = await shop();
    const [kim] = await customers(1);
    const answers: number[] = [];
    for (let i = 0; i <= STAFF_PIN.customerFailures; i++) {
      answers.push((await scan(t, kim!, cafe.scanCode, { pin: wrongPin(i) })).statusCode);
    }
    expect(answers).toEqual([...Array(STAFF_PIN.customerFailures).fill(403), 429]);
    expect((await guardOf(cafe.locationId))?.failures).toBe(STAFF_PIN.customerFailures);
  });

  it("other locations, of the same partner or another, are not affected", async () => {
    const cafe = await shop();
    const other = await shop();
    // A second location of the same live partner, with its own PIN and scan code.
    const [second] = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into locations (company_id, name, street, building, postcode, city, country, address,
          working_hours, pin, scan_code)
        select company_id, 'Café am Bahnhof', street, building, postcode, city, country, address,
          working_hours, ${PIN}, ${`second-${cafe.locationId}`}
        from locations where id = ${cafe.locationId}
        returning id::int`),
    );
    await guessWrong(cafe.scanCode, N);
    const [kim] = await customers(1);
    expect((await scan(t, kim!, `second-${cafe.locationId}`, { pin: PIN })).statusCode).toBe(201);
    expect((await scan(t, kim!, other.scanCode, { pin: PIN })).statusCode).toBe(201);
    expect((await locationView(cafe, second!.id)).pin_locked_until).toBeNull();
    expect((await locationView(other)).pin_locked_until).toBeNull();
    expect((await locationView(cafe)).pin_locked_until).not.toBeNull();
  });

  it("concurrent wrong PINs from many accounts: exactly N are judged, the rest wait out the lock", async () => {
    const cafe = await shop();
    const crowd = await customers(3 * N);
    const answers = await Promise.all(
      crowd.map((kim, i) => scan(t, kim, cafe.scanCode, { pin: wrongPin(i) })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(N - 1).fill(403), ...Array(2 * N + 1).fill(423)]);
    expect(answers.filter((r) => r.json().code === "pin_wrong")).toHaveLength(N - 1);
    expect((await guardOf(cafe.locationId))?.failures).toBe(N);
    // One lock: one fraud event and one mail, however many attempts raced.
    expect(await lockEvents(cafe)).toHaveLength(1);
    expect(await lockMails(cafe)).toHaveLength(1);
  });

  it("concurrent right and wrong PINs: the right ones before the lock collect, none after it", async () => {
    const cafe = await shop();
    const guessers = await customers(N);
    const regulars = await customers(N);
    const answers = await Promise.all([
      ...guessers.map((kim, i) => scan(t, kim, cafe.scanCode, { pin: wrongPin(i) })),
      ...regulars.map((kim) => scan(t, kim, cafe.scanCode, { pin: PIN })),
    ]);
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(answers.filter((r) => r.json().code === "pin_wrong").length).toBeLessThan(N);
    const collected = answers.filter((r) => r.statusCode === 201).length;
    const [scans] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from scans where location_id = ${cafe.locationId}`),
    );
    expect(scans!.n).toBe(collected);
    expect((await guardOf(cafe.locationId))?.failures).toBe(N);
  });
});

describe("the lock ends", () => {
  it("by itself when its time is over; counting starts afresh", async () => {
    const cafe = await shop();
    await guessWrong(cafe.scanCode, N);
    const [kim] = await customers(1);
    expect((await scan(t, kim!, cafe.scanCode, { pin: PIN })).statusCode).toBe(423);
    await t.db.execute(
      sql`update pin_guards set locked_until = now() - interval '1 second' where location_id = ${cafe.locationId}`,
    );
    expect((await locationView(cafe)).pin_locked_until).toBeNull();
    expect((await scan(t, kim!, cafe.scanCode, { pin: PIN })).statusCode).toBe(201);
    expect((await guardOf(cafe.locationId))?.failures).toBe(0);
    expect((await scan(t, kim!, cafe.scanCode, { pin: "0000" })).json().code).toBe("pin_wrong");
  });

  it("wrong PINs older than the window no longer count", async () => {
    const cafe = await shop();
    await guessWrong(cafe.scanCode, N - 1);
    await t.db.execute(sql`
      update pin_guards set window_start = window_start - make_interval(mins => ${STAFF_PIN.locationWindowMinutes})
      where location_id = ${cafe.locationId}`);
    const statuses = await guessWrong(cafe.scanCode, N - 1);
    expect(statuses).toEqual(Array(N - 1).fill(403));
    expect((await guardOf(cafe.locationId))?.failures).toBe(N - 1);
    expect((await locationView(cafe)).pin_locked_until).toBeNull();
  });

  it("at once when the partner sets a new PIN; saving the same PIN again does not lift it", async () => {
    const cafe = await shop();
    await guessWrong(cafe.scanCode, N);
    const same = await setPin(cafe, cafe.locationId, PIN);
    expect(same.json().data.pin_locked_until).not.toBeNull();
    const [kim] = await customers(1);
    expect((await scan(t, kim!, cafe.scanCode, { pin: PIN })).statusCode).toBe(423);

    const changed = await setPin(cafe, cafe.locationId, "8264");
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.pin_locked_until).toBeNull();
    expect((await scan(t, kim!, cafe.scanCode, { pin: PIN })).json().code).toBe("pin_wrong");
    expect((await scan(t, kim!, cafe.scanCode, { pin: "8264" })).statusCode).toBe(201);
    expect((await guardOf(cafe.locationId))?.failures).toBe(1);
  });
});

describe("redeeming checks the card before the PIN", () => {
  it("without a full card the answer is the card's, whatever the PIN, and nothing is counted", async () => {
    const cafe = await shop();
    const [stranger, regular] = await customers(2);
    await scan(t, regular!, cafe.scanCode);
    for (const [kim, pin] of [
      [stranger!, "0000"],
      [stranger!, PIN],
      [regular!, "1234"],
      [regular!, PIN],
    ] as const) {
      const res = await redeem(t, kim, cafe.scanCode, pin);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("card_not_full");
    }
    // Many tries of one customer without a full card: no 429, no PIN failure, no card made.
    for (let i = 0; i < N + STAFF_PIN.customerFailures; i++) {
      expect((await redeem(t, stranger!, cafe.scanCode, wrongPin(i))).json().code).toBe("card_not_full");
    }
    expect((await guardOf(cafe.locationId))?.failures ?? 0).toBe(0);
    const [cards] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from cards where app_user_id = ${stranger!.id}`),
    );
    expect(cards!.n).toBe(0);
  });

  it("while the PIN is locked, a customer without a full card still hears about the card only", async () => {
    const cafe = await shop();
    await guessWrong(cafe.scanCode, N);
    const [kim] = await customers(1);
    expect((await redeem(t, kim!, cafe.scanCode, PIN)).json().code).toBe("card_not_full");
  });

  it("a full card with a wrong PIN is a PIN failure", async () => {
    const cafe = await shop();
    const kim = await fullCard(cafe);
    expect((await redeem(t, kim, cafe.scanCode, "0000")).json().code).toBe("pin_wrong");
    expect((await guardOf(cafe.locationId))?.failures).toBe(1);
    expect((await redeem(t, kim, cafe.scanCode, PIN)).statusCode).toBe(201);
  });
});

describe("the partner learns of the lock", () => {
  it("one mail per lock in the partner's language, and one fraud event the fraud view lists", async () => {
    const cafe = await shop();
    await guessWrong(cafe.scanCode, N + 3);
    const [mail, ...more] = await lockMails(cafe);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ locale: "de", subject: "Personal-PIN gesperrt: Café am Markt" });
    expect(mail!.text).toContain(`${N}-mal falsch eingegeben`);
    expect(mail!.text).toContain("Gesperrt bis:");
    expect(mail!.text).toContain(`/de/locations/${cafe.locationId}`);
    expect(mail!.text).toMatch(/Bitte legen Sie im Dashboard eine neue PIN fest/);

    const month = new Date().toISOString().slice(0, 7);
    const fraud = await t.inject({ url: `/api/v2/dashboard/fraud?month=${month}`, headers: cafe.headers });
    expect(fraud.statusCode).toBe(200);
    expect(fraud.json().data).toMatchObject([
      { rule: "pin_locked", occurrences: N, customer: null, location: { id: cafe.locationId } },
    ]);

    // A new PIN, and a new lock: a second mail and event, now in English for an English partner.
    await t.db.execute(sql`update users set locale = 'en' where email = ${cafe.email}`);
    await setPin(cafe, cafe.locationId, "5555");
    await guessWrong(cafe.scanCode, N);
    const mails = await lockMails(cafe);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.locale === "en")).toMatchObject({
      subject: "Staff PIN locked: Café am Markt",
    });
    expect(mails.find((m) => m.locale === "en")!.text).toContain(`/en/locations/${cafe.locationId}`);
    expect(await lockEvents(cafe)).toHaveLength(2);
  });

  it("the daily fraud summary and the statistics PDF list the lock without a customer", async () => {
    const cafe = await shop();
    await guessWrong(cafe.scanCode, N);
    const month = new Date().toISOString().slice(0, 7);
    const pdf = await t.inject({ url: `/api/v2/dashboard/stats/pdf?month=${month}`, headers: cafe.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toMatch(/pdf/);

    await sendFraudSummaries(t.db, t.config.publicUrl, new Date(Date.now() + 24 * 3600_000));
    const [summary] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, cafe.email), eq(mailOutbox.template, "fraud-summary")));
    expect(summary!.text).toContain(`Personal-PIN nach ${N} falschen Eingaben gesperrt`);
    expect(summary!.text).toContain("Café am Markt · mehrere Kunden");
  });

  it("the location shows the lock's end to its partner only; another partner's id is a 404", async () => {
    const cafe = await shop();
    const other = await shop();
    await guessWrong(cafe.scanCode, N);
    const view = await locationView(cafe);
    const until = new Date(view.pin_locked_until).getTime();
    expect(until).toBeGreaterThan(Date.now() + (STAFF_PIN.lockMinutes - 1) * 60_000);
    const list = await t.inject({ url: "/api/v2/dashboard/shop", headers: cafe.headers });
    expect(list.json().data[0]).toMatchObject({
      id: cafe.locationId,
      pin_locked_until: view.pin_locked_until,
    });

    const foreign = await t.inject({
      url: `/api/v2/dashboard/shop/${cafe.locationId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPin = await setPin(other, cafe.locationId, "9999");
    expect(foreignPin.statusCode).toBe(404);
    expect((await locationView(cafe)).pin_locked_until).toBe(view.pin_locked_until);
    const otherList = await t.inject({ url: "/api/v2/dashboard/shop", headers: other.headers });
    expect(otherList.json().data.map((l: { id: number }) => l.id)).toEqual([other.locationId]);
    const month = new Date().toISOString().slice(0, 7);
    const foreignFraud = await t.inject({
      url: `/api/v2/dashboard/fraud?month=${month}`,
      headers: other.headers,
    });
    expect(foreignFraud.json().data).toEqual([]);
  });
});
