import {
  addDays,
  addMonths,
  berlinDay,
  berlinMonth,
  EARLY_TERMINATION_FEE_CENTS,
  earlyTerminationFeeCents,
  formatMoney,
} from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { backdateGoLive, daysAgo } from "../../db/seed/go-live.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, inLocale, signedInAdmin } from "../../test/review.ts";
import { livePartner } from "../../test/scans.ts";
import { contractOf, terminateContract } from "./service.ts";

let t: TestApp;
type Live = Awaited<ReturnType<typeof livePartner>>;
let live: Live;
let other: Live;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await build();
  admin = await signedInAdmin(t);
});
// Fresh live partners for every test: orders and notices of one test are no other's
// (docs/architecture.md, Tests).
beforeEach(async () => {
  live = await livePartner(t);
  other = await livePartner(t);
});

const order = (headers: Record<string, string>, items: Record<string, unknown>, locale = "de") =>
  t.inject({
    method: "POST",
    url: "/api/v2/dashboard/hardware-orders",
    headers: { ...headers, "content-language": locale },
    payload: { items },
  });
const backdate = (companyId: number, approvedAt: string) =>
  backdateGoLive(t.db, companyId, new Date(approvedAt));

describe("hardware shop", () => {
  it("rejects quantities outside 0..20 and empty orders with field messages", async () => {
    const tooMany = await order(live.headers, { chipCard: 21, stand: -1, sticker: 1.5 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({
      "items.chipCard": ["Bitte geben Sie eine Anzahl zwischen 0 und 20 ein."],
      "items.stand": ["Bitte geben Sie eine Anzahl zwischen 0 und 20 ein."],
      "items.sticker": ["Bitte geben Sie eine Anzahl zwischen 0 und 20 ein."],
    });
    const empty = await order(live.headers, { chipCard: 0 }, "en");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ items: ["Please choose at least one item."] });
    const none = await order(live.headers, {});
    expect(none.statusCode).toBe(422);
  });

  it("refuses accounts that are not live yet", async () => {
    const fresh = await signedInPartner(t);
    const res = await order(fresh.headers, { sticker: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Hardware können Sie bestellen, sobald Ihr Konto freigegeben ist.");
  });

  it("orders at the domain prices, answers net, VAT and gross and lists only the own orders", async () => {
    const res = await order(live.headers, { chipCard: 2, stand: 1, sticker: 3 });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(
      data.lines.map((l: { item: string; quantity: number; unit_cents: number; total_cents: number }) => [
        l.item,
        l.quantity,
        l.unit_cents,
        l.total_cents,
      ]),
    ).toEqual([
      ["chipCard", 2, 500, 1000],
      ["stand", 1, 500, 500],
      ["sticker", 3, 200, 600],
    ]);
    // 21.00 EUR net, 19 % VAT 3.99 EUR, 24.99 EUR gross.
    expect([data.net_cents, data.vat_rate_percent, data.vat_cents, data.gross_cents]).toEqual([
      2100, 19, 399, 2499,
    ]);
    expect(data.billing).toBe("next_invoice");
    const in4Weeks = new Date();
    in4Weeks.setUTCDate(in4Weeks.getUTCDate() + 28);
    expect(Math.abs(Date.parse(data.expected_delivery_by) - in4Weeks.getTime())).toBeLessThan(2 * 86_400_000);

    const mine = await t.inject({ url: "/api/v2/dashboard/hardware-orders", headers: live.headers });
    expect(mine.statusCode).toBe(200);
    const shopOrders = (o: { kind: string }) => o.kind === "shop";
    expect(mine.json().data.filter(shopOrders)).toHaveLength(3);
    expect(mine.json().data[0]).toMatchObject({ kind: "shop", shipped_at: null, billed: null });

    const theirs = await t.inject({ url: "/api/v2/dashboard/hardware-orders", headers: other.headers });
    expect(theirs.json().data.filter(shopOrders)).toEqual([]);
  });

  it("lets the team list open orders with the address and mark them shipped; partners get 403", async () => {
    const placed = await order(other.headers, { stand: 4 });
    const id = placed.json().data.lines[0].id as number;

    const forbidden = await t.inject({ url: "/api/admin/hardware-orders?open=true", headers: live.headers });
    expect(forbidden.statusCode).toBe(403);
    const forbiddenShip = await t.inject({
      method: "POST",
      url: `/api/admin/hardware-orders/${id}/shipped`,
      headers: other.headers,
    });
    expect(forbiddenShip.statusCode).toBe(403);

    const open = await t.inject({ url: "/api/admin/hardware-orders?open=true", headers: admin.headers });
    expect(open.statusCode).toBe(200);
    const row = open.json().data.find((o: { id: number }) => o.id === id);
    expect(row).toMatchObject({
      company_id: companyIdOf(other),
      item: "stand",
      quantity: 4,
      shipped_at: null,
      // To the partner's (only) location, the first without a choice.
      ship_to: {
        name: "Café am Markt",
        street: "Marktplatz",
        postcode: "50667",
        city: "Köln",
        country: "DE",
      },
    });
    expect(row.company_name).toMatch(/^Bäckerei Korn/);

    const shipped = await t.inject({
      method: "POST",
      url: `/api/admin/hardware-orders/${id}/shipped`,
      headers: admin.headers,
    });
    expect(shipped.statusCode).toBe(200);
    const openAfter = await t.inject({ url: "/api/admin/hardware-orders?open=true", headers: admin.headers });
    expect(openAfter.json().data.map((o: { id: number }) => o.id)).not.toContain(id);
    const all = await t.inject({ url: "/api/admin/hardware-orders", headers: admin.headers });
    expect(all.json().data.map((o: { id: number }) => o.id)).toContain(id);

    const theirs = await t.inject({ url: "/api/v2/dashboard/hardware-orders", headers: other.headers });
    expect(theirs.json().data[0]).toMatchObject({ id, shipped_at: shipped.json().data.shipped_at });
    // The other partner never sees it.
    const mine = await t.inject({ url: "/api/v2/dashboard/hardware-orders", headers: live.headers });
    expect(mine.json().data.map((o: { id: number }) => o.id)).not.toContain(id);

    const unknown = await t.inject({
      method: "POST",
      url: "/api/admin/hardware-orders/999999/shipped",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses orders once the contract has ended (they would never be billed)", async () => {
    const p = await livePartner(t);
    const id = companyIdOf(p);
    await t.db.execute(sql`
      insert into terminations (company_id, notice_on, ends_on, fee_cents)
      values (${id}, current_date - 200, current_date - 1, 0)`);
    const res = await order(p.headers, { stand: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ihr Vertrag ist beendet. Hardware kann nicht mehr bestellt werden.");
  });

  it("answers 401 signed out", async () => {
    expect((await t.inject({ url: "/api/v2/dashboard/hardware-orders" })).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/api/v2/dashboard/hardware-orders",
          payload: { items: { sticker: 1 } },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("contract dates (service, fixed days)", () => {
  it("starts on the Berlin day of the approval and computes term, notice and fee", async () => {
    const p = await livePartner(t);
    const id = companyIdOf(p);
    // 23:30 UTC is already the next day in Berlin.
    await backdate(id, "2026-01-14T23:30:00Z");
    expect(await contractOf(t.db, id, "2026-05-01")).toEqual({
      start: "2026-01-15",
      minimum_term_end: "2027-01-14",
      notice_months: 3,
      earliest_end_if_notice_today: "2027-03-31",
      notice_deadline_for_that_end: "2026-12-31",
      // The fee follows how long the contract lasts, not when notice is given: an ordinary
      // notice ends it after the 12-month minimum term, so the hardware stays free.
      early_termination_fee_cents_if_today: 0,
      termination: null,
    });
    expect((await contractOf(t.db, id, "2026-01-20")).early_termination_fee_cents_if_today).toBe(0);
    // Missing the notice deadline moves the end by a quarter.
    const late = await contractOf(t.db, id, "2027-01-05");
    expect([late.earliest_end_if_notice_today, late.notice_deadline_for_that_end]).toEqual([
      "2027-06-30",
      "2027-03-31",
    ]);
  });

  it("charges a master no fee for a notice in its first month (the contract lasts over 6 months)", async () => {
    const p = await livePartner(t);
    const id = companyIdOf(p);
    await t.db.execute(sql`update companies set type = 'master' where id = ${id}`);
    await backdate(id, "2026-03-01T09:00:00Z");
    expect((await contractOf(t.db, id, "2026-03-02")).early_termination_fee_cents_if_today).toBe(0);
  });

  it("stores the termination with the day it was given", async () => {
    const p = await livePartner(t);
    const id = companyIdOf(p);
    await backdate(id, "2026-01-14T23:30:00Z");
    const view = await terminateContract(t.db, id, p.user.id, "http://x.test", { today: "2026-05-01" });
    expect(view.termination).toEqual({
      notice_on: "2026-05-01",
      ends_on: "2027-03-31",
      fee_cents: 0,
      kind: "ordinary",
    });
    expect((await contractOf(t.db, id, "2026-06-01")).termination).toEqual(view.termination);
  });
});

describe("contract API", () => {
  it("shows no dates for an account that was never live and refuses its notice", async () => {
    const fresh = await signedInPartner(t);
    const res = await t.inject({ url: "/api/v2/subscription/contract", headers: fresh.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      start: null,
      minimum_term_end: null,
      notice_months: 3,
      earliest_end_if_notice_today: null,
      notice_deadline_for_that_end: null,
      early_termination_fee_cents_if_today: 0,
      termination: null,
    });
    const notice = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: fresh.headers,
      payload: { confirm: true },
    });
    expect(notice.statusCode).toBe(409);
    expect(notice.json().message).toMatch(/Freigabe/);
  });

  it("shows no fee for a notice in the first six months, since the contract still lasts over six", async () => {
    const p = await livePartner(t);
    const id = companyIdOf(p);
    const today = berlinDay(new Date());
    await backdateGoLive(t.db, id, daysAgo(30));
    const recent = (await t.inject({ url: "/api/v2/subscription/contract", headers: p.headers })).json().data;
    const start = berlinDay(new Date(Date.now() - 30 * 86_400_000));
    expect(recent.start).toBe(start);
    expect(recent.early_termination_fee_cents_if_today).toBe(0);
    // The earliest end is a quarter end after the 12-month minimum term.
    expect(recent.earliest_end_if_notice_today > recent.minimum_term_end).toBe(true);
    expect(recent.earliest_end_if_notice_today.slice(5)).toMatch(/^(03-31|06-30|09-30|12-31)$/);
    expect(recent.notice_deadline_for_that_end >= today).toBe(true);

    await backdateGoLive(t.db, id, daysAgo(400));
    const old = (await t.inject({ url: "/api/v2/subscription/contract", headers: p.headers })).json().data;
    expect(old.early_termination_fee_cents_if_today).toBe(0);
    expect(old.minimum_term_end < today).toBe(true);
    expect(old.notice_deadline_for_that_end >= today).toBe(true);
    expect(addMonths(`${old.notice_deadline_for_that_end.slice(0, 7)}-01`, 3).slice(0, 7)).toBe(
      old.earliest_end_if_notice_today.slice(0, 7),
    );
  });

  it("answers an end date that is not a day with 422 on the field, and terminates nothing", async () => {
    const p = await livePartner(t);
    for (const ends_on of ["x", "2027-02-30", "2027-13-01", "31.03.2027", "", "1999-12-31", 20270331]) {
      const res = await t.inject({
        method: "POST",
        url: "/api/v2/subscription/termination",
        headers: inLocale(p, "en"),
        payload: { confirm: true, ends_on },
      });
      expect(res.statusCode, `${ends_on}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ ends_on: ["Please enter a valid date in the format YYYY-MM-DD."] });
    }
    const view = (await t.inject({ url: "/api/v2/subscription/contract", headers: p.headers })).json().data;
    expect(view.termination).toBeNull();
  });

  it("requires the confirmation, stores the termination once and mails the logins", async () => {
    const p = await livePartner(t);
    const id = companyIdOf(p);
    await backdateGoLive(t.db, id, daysAgo(30));
    const unconfirmed = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: p.headers,
      payload: { confirm: false },
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual({ confirm: ["Bitte bestätigen Sie die Kündigung."] });

    const before = (await t.inject({ url: "/api/v2/subscription/contract", headers: p.headers })).json().data;
    // The page showed an end date that no longer holds (a notice deadline passed): confirm again.
    const stale = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: p.headers,
      payload: { confirm: true, ends_on: "2020-03-31" },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/frühestmögliche Vertragsende hat sich/);
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: p.headers,
      payload: { confirm: true, ends_on: before.earliest_end_if_notice_today },
    });
    expect(res.statusCode).toBe(200);
    const today = berlinDay(new Date());
    expect(res.json().data.termination).toEqual({
      notice_on: today,
      ends_on: before.earliest_end_if_notice_today,
      fee_cents: 0,
      kind: "ordinary",
    });
    const stored = rowsOf<{ ends_on: string; fee_cents: number }>(
      await t.db.execute(
        sql`select to_char(ends_on, 'YYYY-MM-DD') as ends_on, fee_cents from terminations where company_id = ${id}`,
      ),
    );
    expect(stored).toEqual([{ ends_on: before.earliest_end_if_notice_today, fee_cents: 0 }]);

    const again = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: p.headers,
      payload: { confirm: true },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ihr Vertrag ist bereits gekündigt.");

    const after = (await t.inject({ url: "/api/v2/subscription/contract", headers: p.headers })).json().data;
    expect(after.termination).toEqual(res.json().data.termination);

    const mails = rowsOf<{ to_address: string; subject: string; text: string }>(
      await t.db.execute(
        sql`select to_address, subject, text from mail_outbox where template = 'contract-termination' and to_address = ${p.email}`,
      ),
    );
    expect(mails).toHaveLength(1);
    const end = before.earliest_end_if_notice_today.split("-").reverse().join(".");
    expect(mails[0]!.subject).toBe(`Stempla: Ihre Kündigung zum ${end}`);
    // No fee line: the contract lasts over six months.
    expect(mails[0]!.text).not.toContain("Gebühr");
    expect(mails[0]!.text).not.toContain(formatMoney(3000, "de"));
  });

  it("a master with franchisees terminates ordinarily with the master's fee rule; it has no extraordinary notice", async () => {
    const p = await livePartner(t, {
      type: "master",
      company_name: "Kette Zentrale",
      contact_name: "Ina",
      contact_surname: "Roth",
    });
    const id = companyIdOf(p);
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${id}, franchise_joined_at = now()
      where id = ${companyIdOf(live)}`);
    await backdateGoLive(t.db, id, daysAgo(30));
    const extraordinary = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: p.headers,
      payload: { confirm: true, extraordinary: true },
    });
    expect(extraordinary.statusCode).toBe(409);
    expect(extraordinary.json().code).toBe("no_termination_window");
    const res = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: p.headers,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(200);
    const view = res.json().data;
    // The master's 200 EUR (EARLY_TERMINATION_FEE_CENTS.master) applies when its contract ends within
    // the months the hardware is not free yet; an ordinary notice ends after the minimum term.
    expect(view.termination).toEqual({
      notice_on: berlinDay(new Date()),
      ends_on: view.earliest_end_if_notice_today,
      fee_cents: earlyTerminationFeeCents("master", view.start, view.earliest_end_if_notice_today),
      kind: "ordinary",
    });
    expect(earlyTerminationFeeCents("master", view.start, addDays(view.start, 30))).toBe(
      EARLY_TERMINATION_FEE_CENTS.master,
    );
  });
});

describe("extraordinary termination (a franchisee after its master's switch-off)", () => {
  /** `live` as a franchisee of a new master, live for 30 days, with a window for next month. */
  async function franchiseeWithWindow(window: { opensAgoMs: number; closesInMs: number } | null) {
    const master = await signedInPartner(t, {
      type: "master",
      company_name: "Kette Nord",
      contact_name: "Ina",
      contact_surname: "Roth",
    });
    const id = companyIdOf(live);
    await t.db.execute(sql`
      update companies set type = 'slave', master_id = ${companyIdOf(master)}, franchise_joined_at = now()
      where id = ${id}`);
    await backdateGoLive(t.db, id, daysAgo(30));
    const period = addMonths(berlinMonth(new Date()), 1);
    if (window)
      await t.db.execute(sql`
        insert into franchise_termination_windows (franchisee_company_id, effective_from, opens_at, closes_at)
        values (${id}, ${period}::date, ${new Date(Date.now() - window.opensAgoMs).toISOString()}::timestamptz,
          ${new Date(Date.now() + window.closesInMs).toISOString()}::timestamptz)`);
    return { id, period };
  }
  const terminate = (payload: Record<string, unknown>, locale = "de") =>
    t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: inLocale(live, locale as "de"),
      payload: { confirm: true, ...payload },
    });

  it("ends the day before the switch-off's period, without a fee, uses the window and mails", async () => {
    const { id, period } = await franchiseWithWindowOpen();
    const res = await terminate({ extraordinary: true, ends_on: addDays(period, -1) });
    expect(res.statusCode, res.body).toBe(200);
    // A contract of 30 days would cost the early-termination fee when ended ordinarily that early.
    expect(res.json().data.termination).toEqual({
      notice_on: berlinDay(new Date()),
      ends_on: addDays(period, -1),
      fee_cents: 0,
      kind: "extraordinary",
    });
    const [window] = rowsOf<{ used: boolean }>(
      await t.db.execute(
        sql`select used_at is not null as used from franchise_termination_windows where franchisee_company_id = ${id}`,
      ),
    );
    expect(window?.used).toBe(true);
    const [mail] = rowsOf<{ text: string }>(
      await t.db.execute(
        sql`select text from mail_outbox where template = 'contract-termination' and to_address = ${live.email}`,
      ),
    );
    expect(mail?.text).toContain("außerordentliche Kündigung");
    expect(mail?.text).not.toContain("Gebühr,");
    // Used: a second one has no window.
    const again = await terminate({ extraordinary: true }, "en");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "no_termination_window",
      message: "An extraordinary termination is not possible at the moment.",
    });
  });

  it("ends the day before the switch-off's month also when that month has begun while the window is open", async () => {
    // A switch-off in a month's last days: its window reaches into the month the switch applies to.
    const { id } = await franchiseeWithWindow({ opensAgoMs: 3 * 86_400_000, closesInMs: 4 * 86_400_000 });
    const thisMonth = berlinMonth(new Date());
    await t.db.execute(
      sql`update franchise_termination_windows set effective_from = ${thisMonth}::date where franchisee_company_id = ${id}`,
    );
    const res = await terminate({ extraordinary: true });
    expect(res.statusCode, res.body).toBe(200);
    // Ending today would bill the leaver this whole month on its own invoice (prices are monthly).
    expect(res.json().data.termination).toMatchObject({
      ends_on: addDays(thisMonth, -1),
      fee_cents: 0,
      kind: "extraordinary",
    });
    const [window] = rowsOf<{ used: boolean }>(
      await t.db.execute(
        sql`select used_at is not null as used from franchise_termination_windows where franchisee_company_id = ${id}`,
      ),
    );
    expect(window?.used).toBe(true);
  });

  it("replaces an ordinary notice that ends later", async () => {
    await franchiseWithWindowOpen();
    expect((await terminate({})).statusCode).toBe(200);
    const res = await terminate({ extraordinary: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.termination.kind).toBe("extraordinary");
    const stored = rowsOf<{ kind: string; fee_cents: number }>(
      await t.db.execute(
        sql`select kind, fee_cents from terminations where company_id = ${companyIdOf(live)}`,
      ),
    );
    expect(stored).toEqual([{ kind: "extraordinary", fee_cents: 0 }]);
  });

  it("refuses without an open window (closed, not yet open, none, an ordinary partner) with 409", async () => {
    for (const window of [
      { opensAgoMs: 8 * 86_400_000, closesInMs: -86_400_000 },
      { opensAgoMs: -3_600_000, closesInMs: 7 * 86_400_000 },
      null,
    ]) {
      live = await livePartner(t);
      await franchiseeWithWindow(window);
      const res = await terminate({ extraordinary: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("no_termination_window");
    }
    const partner = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: other.headers,
      payload: { confirm: true, extraordinary: true },
    });
    expect(partner.statusCode).toBe(409);
    expect(partner.json().code).toBe("no_termination_window");
    const notTrue = await terminate({ extraordinary: false });
    expect(notTrue.statusCode).toBe(422);
    expect(Object.keys(notTrue.json().errors)).toEqual(["extraordinary"]);
    const view = (await t.inject({ url: "/api/v2/subscription/contract", headers: live.headers })).json()
      .data;
    expect(view.termination).toBeNull();
  });

  const franchiseWithWindowOpen = () =>
    franchiseeWithWindow({ opensAgoMs: 3_600_000, closesInMs: 6 * 86_400_000 });
});

describe("contract API signed out", () => {
  it("answers 401 signed out", async () => {
    expect((await t.inject({ url: "/api/v2/subscription/contract" })).statusCode).toBe(401);
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/api/v2/subscription/termination",
          payload: { confirm: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});
