import { addDays, addMonths, berlinMonth, FRANCHISE } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, signedInAdmin } from "../../test/review.ts";
import { livePartner } from "../../test/scans.ts";

// The collective invoicing switch (docs/decisions/008-franchise-model.md, sections 3 and 5): the
// period it writes, the mails to the network, the franchisees' termination windows, who may switch.

let t: TestApp;
type Live = Awaited<ReturnType<typeof livePartner>>;
let master: Live;
let f1: Live;
let f2: Live;
const thisMonth = () => berlinMonth(new Date());
const nextMonth = () => addMonths(thisMonth(), 1);

/**
 * A live partner joined to `masterId` as a franchisee. The relation is written as the completed
 * invitation writes it (type, master, joined); the invitation journey itself is invitation.test.ts's.
 */
async function franchiseeOf(masterId: number, locale: "de" | "en"): Promise<Live> {
  const p = await livePartner(t, { company_name: `Filiale ${locale} ${Date.now()}` });
  await t.db.execute(sql`
    update companies set type = 'slave', master_id = ${masterId}, franchise_joined_at = now()
    where id = ${companyIdOf(p)}`);
  await t.db.execute(sql`update users set locale = ${locale} where company_id = ${companyIdOf(p)}`);
  return p;
}

beforeEach(async () => {
  t = await build();
  master = await livePartner(t, {
    type: "master",
    company_name: "Kaffeekette Nord",
    contact_name: "Greta",
    contact_surname: "Gross",
  });
  f1 = await franchiseeOf(companyIdOf(master), "de");
  f2 = await franchiseeOf(companyIdOf(master), "en");
}, 120_000);

const put = (headers: Record<string, string> | undefined, enabled: unknown) =>
  t.inject({
    method: "PUT",
    url: "/api/v2/dashboard/franchise/collective-invoicing",
    ...(headers ? { headers } : {}),
    payload: { enabled },
  });
const periods = async () =>
  rowsOf<{ effective_from: string; enabled: boolean }>(
    await t.db.execute(sql`
      select to_char(effective_from, 'YYYY-MM-DD') as effective_from, enabled from collective_invoicing_periods
      where master_company_id = ${companyIdOf(master)} order by effective_from`),
  );
const mails = async () =>
  rowsOf<{ to_address: string; locale: string; subject: string; text: string }>(
    await t.db.execute(sql`
      select to_address, locale, subject, text from mail_outbox where template = 'collective-invoicing' order by id`),
  );
const windows = async () =>
  rowsOf<{ company_id: number; effective_from: string; open: boolean; days: number; used: boolean }>(
    await t.db.execute(sql`
      select franchisee_company_id::int as company_id, to_char(effective_from, 'YYYY-MM-DD') as effective_from,
        closes_at > now() as open, round(extract(epoch from closes_at - opens_at) / 86400)::int as days,
        used_at is not null as used
      from franchise_termination_windows order by franchisee_company_id`),
  );
const viewOf = async (headers: Record<string, string>) =>
  (await t.inject({ url: "/api/v2/dashboard/franchise", headers })).json().data;
/** As if the master had switched on last month: on this month (008, section 5). */
const onSinceThisMonth = () =>
  t.db.execute(sql`
    insert into collective_invoicing_periods (master_company_id, effective_from, enabled)
    values (${companyIdOf(master)}, ${thisMonth()}::date, true)`);

describe("PUT /dashboard/franchise/collective-invoicing", () => {
  it("switches on from next month, mails the master and each franchisee in its language, opens no window", async () => {
    const res = await put(master.headers, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      role: "master",
      collective_invoicing: { current: false, next: true, next_effective_from: nextMonth() },
      franchisees: 2,
      open_invitations: 0,
    });
    expect(await periods()).toEqual([{ effective_from: nextMonth(), enabled: true }]);
    const sent = await mails();
    expect(sent.map((m) => [m.to_address, m.locale])).toEqual([
      [master.email, "de"],
      [f1.email, "de"],
      [f2.email, "en"],
    ]);
    const month = (locale: string) =>
      new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${nextMonth()}T00:00:00Z`),
      );
    expect(sent[0]!.subject).toBe(`Stempla: Sammelabrechnung ab ${month("de-DE")} eingeschaltet`);
    expect(sent[0]!.text).toContain("Ihre 2 Franchisenehmer");
    expect(sent[1]!.subject).toBe(`Stempla: Ab ${month("de-DE")} über Kaffeekette Nord abgerechnet`);
    expect(sent[2]!.subject).toBe(`Stempla: billed via Kaffeekette Nord from ${month("en-GB")}`);
    expect(await windows()).toEqual([]);
    expect(await viewOf(f1.headers)).toMatchObject({ pays: { current: "self", next: "master" } });

    // The same setting again changes and mails nothing.
    expect((await put(master.headers, true)).statusCode).toBe(200);
    expect(await mails()).toHaveLength(3);
    // Back off before the month starts: the row goes (equal to this month), no window (they pay as now).
    const off = await put(master.headers, false);
    expect(off.json().data.collective_invoicing).toEqual({
      current: false,
      next: false,
      next_effective_from: nextMonth(),
    });
    expect(await periods()).toEqual([]);
    expect(await windows()).toEqual([]);
    expect(await mails()).toHaveLength(6);
    expect((await mails()).slice(3).some((m) => /kündigen|terminate/.test(m.text))).toBe(false);
  });

  it("switching off opens a window of the notice days per franchisee; switching on again closes them", async () => {
    await onSinceThisMonth();
    const res = await put(master.headers, false);
    expect(res.json().data.collective_invoicing).toMatchObject({ current: true, next: false });
    expect(await periods()).toEqual([
      { effective_from: thisMonth(), enabled: true },
      { effective_from: nextMonth(), enabled: false },
    ]);
    const ids = [companyIdOf(f1), companyIdOf(f2)].sort((a, b) => a - b);
    expect(await windows()).toEqual(
      ids.map((company_id) => ({
        company_id,
        effective_from: nextMonth(),
        open: true,
        days: FRANCHISE.extraordinaryNoticeDays,
        used: false,
      })),
    );
    const view = await viewOf(f1.headers);
    expect(view.pays).toEqual({ current: "master", next: "self" });
    expect(view.termination_window).not.toBeNull();
    const sent = await mails();
    const lastDay = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${addDays(nextMonth(), -1)}T00:00:00Z`),
    );
    const toF1 = sent.find((m) => m.to_address === f1.email)!;
    expect(toF1.text).toContain("außerordentlich kündigen");
    expect(toF1.text).toContain(`zum ${lastDay}, ohne Gebühr`);
    expect(sent.find((m) => m.to_address === f2.email)!.text).toContain(
      "terminate your contract extraordinarily",
    );

    // On again before the period starts: the row goes, the windows close.
    await put(master.headers, true);
    expect(await periods()).toEqual([{ effective_from: thisMonth(), enabled: true }]);
    expect((await windows()).map((w) => w.open)).toEqual([false, false]);
    expect((await viewOf(f1.headers)).termination_window).toBeNull();

    // Off again: the windows open again, and the franchisee may terminate extraordinarily.
    await put(master.headers, false);
    expect((await windows()).map((w) => w.open)).toEqual([true, true]);
    const end = await t.inject({
      method: "POST",
      url: "/api/v2/subscription/termination",
      headers: f1.headers,
      payload: { confirm: true, extraordinary: true },
    });
    expect(end.statusCode).toBe(200);
    expect(end.json().data.termination).toMatchObject({
      ends_on: addDays(nextMonth(), -1),
      fee_cents: 0,
      kind: "extraordinary",
    });
    expect((await viewOf(f1.headers)).termination_window).toBeNull();
  });

  it("a master never billed switches this month; PATCH cumulative_billing is the same switch", async () => {
    const fresh = await signedInPartner(t, {
      type: "master",
      company_name: "Neue Zentrale",
      contact_name: "Ina",
      contact_surname: "Roth",
    });
    const on = await put(fresh.headers, true);
    expect(on.json().data.collective_invoicing).toMatchObject({ current: true, next: true });
    // Without franchisees the master's mail does not claim to have informed any.
    const [toFresh] = (await mails()).filter((m) => m.to_address === fresh.email);
    expect(toFresh?.text).not.toContain("Franchisenehmer per E-Mail");
    const partner = (await t.inject({ url: "/api/v2/dashboard/partner", headers: fresh.headers })).json()
      .data[0];
    expect(partner.cumulative_billing).toBe(true);

    // The live master through the partner PATCH: next month, so cumulative_billing (this month) stays off.
    const saved = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(master)}`,
      headers: master.headers,
      payload: { cumulative_billing: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.cumulative_billing).toBe(false);
    expect(await periods()).toEqual([{ effective_from: nextMonth(), enabled: true }]);
    expect((await mails()).filter((m) => m.to_address === f2.email)).toHaveLength(1);
  });

  it("a master not yet billable does not pay for its franchisees, and its switch-off opens no window", async () => {
    const fresh = await signedInPartner(t, {
      type: "master",
      company_name: "Zentrale im Aufbau",
      contact_name: "Ina",
      contact_surname: "Roth",
    });
    const joined = await franchiseeOf(companyIdOf(fresh), "de");
    await put(fresh.headers, true);
    // The setting is on, but billing gives the franchisee its own invoice while the master is not
    // live; its dashboard says the same.
    expect((await viewOf(fresh.headers)).collective_invoicing).toMatchObject({ current: true });
    expect((await viewOf(joined.headers)).pays).toEqual({ current: "self", next: "self" });
    const invoices = (
      await t.inject({ url: "/api/v2/subscription/collective-months", headers: joined.headers })
    ).json();
    expect(invoices.data?.months ?? []).toEqual([]);
    // It never paid for them, so switching off gives them nothing to leave.
    await put(fresh.headers, false);
    expect((await windows()).filter((w) => w.company_id === companyIdOf(joined))).toEqual([]);
  });

  it("is for masters only: franchisees and partners 403 not_a_master, the team 403, nobody 401; bad input 422", async () => {
    const partner = await livePartner(t);
    for (const headers of [f1.headers, partner.headers]) {
      const res = await put(headers, true);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("not_a_master");
    }
    expect((await put((await signedInAdmin(t)).headers, true)).statusCode).toBe(403);
    expect((await put(undefined, true)).statusCode).toBe(401);
    const bad = await put(master.headers, "ja");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["enabled"]);
    expect(await periods()).toEqual([]);
    expect(await mails()).toEqual([]);
  });
});
