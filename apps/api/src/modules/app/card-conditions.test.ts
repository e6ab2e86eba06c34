import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { build, type TestApp } from "../../test/build.ts";
import { signedInAdmin } from "../../test/review.ts";
import { appCustomer, type Customer, livePartner, redeem, scan, setStaffPin } from "../../test/scans.ts";
import { collectPoint } from "./scan.ts";

// Bonus-card conditions (docs/product.md, "Bonus card conditions"): saved by the partner, reviewed
// like every card change, published with the approved card, shown to the staff with the PIN and
// enforced at the scan in Berlin time.

let t: TestApp;
let cafe: Awaited<ReturnType<typeof livePartner>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const PIN = "4711";

const MORNINGS = {
  excluded_products: ["Tabakwaren", "Zeitschriften"],
  time_limits: {
    applies_to: "both",
    windows: [{ days: ["fri", "mon", "tue", "wed", "thu"], from: "08:00", to: "12:00" }],
  },
  minimum_spend_cents: 500,
  note: "Nicht mit anderen Aktionen kombinierbar",
};
const MORNINGS_DE = [
  "Nicht gültig für: Tabakwaren, Zeitschriften",
  "Mindestumsatz 5,00\u00a0€ pro Stempel",
  "Nur Mo–Fr 08:00–12:00",
  "Nicht mit anderen Aktionen kombinierbar",
];

// Monday 2026-11-23 and Saturday 2026-11-28; Berlin is UTC+1 in November.
const MONDAY_0900 = new Date("2026-11-23T08:00:00Z");
const MONDAY_1230 = new Date("2026-11-23T11:30:00Z");
const SATURDAY_1000 = new Date("2026-11-28T09:00:00Z");

const save = (partner: typeof cafe, payload: object, headers: Record<string, string> = {}) =>
  t.inject({
    method: "POST",
    url: `/api/v2/dashboard/partner/${partner.id}`,
    headers: { ...partner.headers, ...headers },
    payload,
  });

const approve = async (partner: typeof cafe) => {
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/partners/${partner.id}/approve`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const appCards = async (customer: Customer, locale = "de") =>
  (
    await t.inject({ url: "/api/app/cards", headers: { ...customer.headers, "content-language": locale } })
  ).json().data;

/** The API's clock (only Date), so the scan happens at a chosen Berlin time. */
const at = (time: Date) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
};

afterEach(() => {
  vi.useRealTimers();
});

/** A live partner whose approved card has the MORNINGS conditions and a PIN limit of 1 a day. */
async function morningCafe() {
  const partner = await livePartner(t);
  await setStaffPin(t, partner, partner.locationId, PIN, { count: 1, hours: 24 });
  const saved = await save(partner, { points: 2, conditions: MORNINGS });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data.status).toBe("orange");
  await approve(partner);
  return partner;
}

beforeAll(async () => {
  t = await build();
  admin = await signedInAdmin(t);
  // Read by the tests that leave its card as it is; a test that changes a card makes its own.
  cafe = await morningCafe();
});

describe("saving the conditions", () => {
  it("stores them structured, the days in the week's order", async () => {
    const partner = (await t.inject({ url: "/api/v2/dashboard/partner", headers: cafe.headers })).json()
      .data[0];
    expect(partner.conditions).toEqual({
      ...MORNINGS,
      time_limits: {
        applies_to: "both",
        windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "08:00", to: "12:00" }],
      },
    });
  });

  it("answers 422 on the field that is wrong, in the request's language, and keeps the old conditions", async () => {
    const tooLong = await save(cafe, {
      conditions: { ...MORNINGS, excluded_products: ["Pfand", "x".repeat(41)] },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      "conditions.excluded_products.1": ["Eine Produktgruppe hat 1 bis 40 Zeichen."],
    });

    const badWindow = await save(
      cafe,
      {
        conditions: {
          time_limits: { applies_to: "collect", windows: [{ days: [], from: "12:00", to: "08:00" }] },
        },
      },
      { "content-language": "en" },
    );
    expect(badWindow.statusCode).toBe(422);
    expect(badWindow.json().errors).toEqual({
      "conditions.time_limits.windows.0.days": ["Please choose at least one weekday."],
      "conditions.time_limits.windows.0.to": ["The start must be before the end."],
    });

    const eleven = Array.from({ length: 11 }, (_, i) => `Gruppe ${i}`);
    const tooMany = await save(cafe, { conditions: { excluded_products: eleven, minimum_spend_cents: -5 } });
    expect(tooMany.json().errors).toEqual({
      "conditions.excluded_products": ["Sie können höchstens 10 Produktgruppen ausnehmen."],
      "conditions.minimum_spend_cents": ["Bitte geben Sie einen Mindestumsatz zwischen 0 und 1.000 € ein."],
    });

    const partner = (await t.inject({ url: "/api/v2/dashboard/partner", headers: cafe.headers })).json()
      .data[0];
    expect(partner.status).toBe("green");
    expect(partner.conditions.excluded_products).toEqual(MORNINGS.excluded_products);
  });

  it("never lets a partner change another partner's card (404)", async () => {
    const other = await livePartner(t);
    const res = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${cafe.id}`,
      headers: other.headers,
      payload: { conditions: { excluded_products: ["Alles"] } },
    });
    expect(res.statusCode).toBe(404);
    const partner = (await t.inject({ url: "/api/v2/dashboard/partner", headers: cafe.headers })).json()
      .data[0];
    expect(partner.conditions.excluded_products).toEqual(MORNINGS.excluded_products);
  });
});

describe("time limits at the scan (Berlin time)", () => {
  it("refuses collecting outside the windows with a coded 409 that names the conditions", async () => {
    const kim = await appCustomer(t);
    at(SATURDAY_1000);
    const saturday = await scan(t, kim, cafe.scanCode);
    expect(saturday.statusCode).toBe(409);
    expect(saturday.json()).toMatchObject({
      code: "outside_time_limits",
      message:
        "Zu dieser Zeit gibt es hier keine Stempel. Wann Sie sammeln können, steht in den Bedingungen der Karte.",
      conditions_text: MORNINGS_DE,
    });
    at(MONDAY_1230);
    expect((await scan(t, kim, cafe.scanCode)).json().code).toBe("outside_time_limits");
    // The refused first scan leaves an empty card, as a refusal for a closed location does.
    expect((await appCards(kim))[0]).toMatchObject({ points: 0, conditions_text: MORNINGS_DE });
  });

  it("collects inside a window, asks for the PIN with the conditions, and redeems only inside a window", async () => {
    const kim = await appCustomer(t);
    at(MONDAY_0900);
    const first = await scan(t, kim, cafe.scanCode);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ points: 1, conditions_text: MORNINGS_DE });
    expect(first.json().data.conditions.minimum_spend_cents).toBe(500);

    // Beyond the PIN limit the app asks the staff for their PIN: they see the conditions first.
    const asks = await t.inject({
      method: "POST",
      url: "/api/app/scan",
      headers: { ...kim.headers, "content-language": "en" },
      payload: { code: cafe.scanCode },
    });
    expect(asks.statusCode).toBe(403);
    expect(asks.json()).toMatchObject({
      code: "pin_required",
      conditions: { excluded_products: ["Tabakwaren", "Zeitschriften"], minimum_spend_cents: 500 },
      conditions_text: [
        "Not valid for: Tabakwaren, Zeitschriften",
        "Minimum spend €5.00 per stamp",
        "Only Mon–Fri 08:00–12:00",
        "Nicht mit anderen Aktionen kombinierbar",
      ],
    });
    const withPin = await scan(t, kim, cafe.scanCode, { pin: PIN });
    expect(withPin.json().data).toMatchObject({ points: 2, card_full: true, conditions_text: MORNINGS_DE });

    at(SATURDAY_1000);
    const refused = await redeem(t, kim, cafe.scanCode, PIN);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "outside_time_limits", conditions_text: MORNINGS_DE });
    expect((await appCards(kim))[0].points).toBe(2);

    at(new Date("2026-11-30T09:30:00Z")); // the next Monday, 10:30
    const redeemed = await redeem(t, kim, cafe.scanCode, PIN);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(redeemed.json().data).toMatchObject({ kind: "redeem", points: 0, conditions_text: MORNINGS_DE });
  });

  it("limits only the action the partner chose, also for a scan timed by the caller", async () => {
    const shop = await livePartner(t);
    expect(
      (
        await save(shop, {
          conditions: {
            time_limits: { applies_to: "redeem", windows: [{ days: ["sat"], from: "10:00", to: "14:00" }] },
          },
        })
      ).statusCode,
    ).toBe(200);
    await approve(shop);
    const kim = await appCustomer(t);
    const monday = await collectPoint(
      t.db,
      kim.id,
      { code: shop.scanCode, method: "qr" },
      { at: MONDAY_0900 },
    );
    expect(monday).toMatchObject({ points: 1, conditions: { time_limits: { applies_to: "redeem" } } });
  });
});

describe("publication with the approved card", () => {
  it("keeps the approved conditions in the app while a change waits for review (orange)", async () => {
    const cafe = await morningCafe();
    const kim = await appCustomer(t);
    at(MONDAY_0900);
    expect((await scan(t, kim, cafe.scanCode)).statusCode).toBe(201);
    vi.useRealTimers();

    const changed = {
      ...MORNINGS,
      excluded_products: ["Spirituosen"],
      time_limits: null,
      minimum_spend_cents: 1000,
    };
    const saved = await save(cafe, { conditions: changed });
    expect(saved.json().data).toMatchObject({ status: "orange", conditions: changed });

    const list = await appCards(kim);
    expect(list[0]).toMatchObject({ partner_id: cafe.id, conditions_text: MORNINGS_DE });
    // Still the approved time limits: a Saturday scan is refused although the change dropped them.
    at(SATURDAY_1000);
    const saturday = await scan(t, kim, cafe.scanCode, { pin: PIN });
    expect(saturday.json()).toMatchObject({ code: "outside_time_limits", conditions_text: MORNINGS_DE });
    vi.useRealTimers();
    const published = await t.inject({ url: `/api/v2/scan-codes/${cafe.scanCode}/partner` });
    expect(published.json().data).toMatchObject({
      conditions: { excluded_products: MORNINGS.excluded_products },
      conditions_text: MORNINGS_DE,
    });

    // The console lists the changed conditions field by field.
    const review = await t.inject({ url: `/api/admin/partners/${cafe.id}`, headers: admin.headers });
    const changes = review.json().data.last_approval.changes as {
      field: string;
      before: string;
      after: string;
    }[];
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: "card.excludedProducts", before: "Tabakwaren, Zeitschriften", after: "Spirituosen" },
        { field: "card.minimumSpendCents", before: "500", after: "1000" },
        {
          field: "card.timeLimits",
          before: JSON.stringify({
            applies_to: "both",
            windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], from: "08:00", to: "12:00" }],
          }),
          after: null,
        },
      ]),
    );

    await approve(cafe);
    expect((await appCards(kim))[0].conditions_text).toEqual([
      "Nicht gültig für: Spirituosen",
      "Mindestumsatz 10,00\u00a0€ pro Stempel",
      "Nicht mit anderen Aktionen kombinierbar",
    ]);
    at(SATURDAY_1000);
    expect((await scan(t, kim, cafe.scanCode, { pin: PIN })).statusCode).toBe(201);
  });
});
