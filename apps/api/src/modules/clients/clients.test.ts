import { type Client, INACTIVE_AFTER_DAYS } from "@stempla/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf, inLocale, signedInAdmin } from "../../test/review.ts";
import { appCustomer, type Customer, livePartner, scan } from "../../test/scans.ts";
import { neutralise } from "./csv.ts";
import { clientBatches, escapeLike } from "./service.ts";

type Partner = Awaited<ReturnType<typeof livePartner>>;

let t: TestApp;
let cafe: Partner;
let bakery: Partner;
/** Cafe customers who share their data, the most recent visit first. */
let sharing: Customer[];
let silent: Customer;
let evil: Customer;
let both: Customer;
let bakeryOnly: Customer;

const BOM = "\uFEFF";
const HOUR = 3_600_000;

async function share(customer: Customer, partner: Partner, value = true) {
  const res = await t.inject({
    method: "PUT",
    url: `/api/app/cards/${partner.id}/share`,
    headers: customer.headers,
    payload: { share_contact: value },
  });
  expect(res.statusCode).toBe(200);
}

async function collectAt(customer: Customer, partner: Partner) {
  const res = await scan(t, customer, partner.scanCode);
  expect(res.statusCode).toBe(201);
}

/** Sets the card's last visit `hoursAgo` hours back (and points, when given) directly. */
async function setCard(customer: Customer, partner: Partner, hoursAgo: number, points?: number) {
  const at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  await t.db.execute(sql`
    update cards set last_scan_at = ${at}::timestamptz, points = coalesce(${points ?? null}::int, points)
    where app_user_id = ${customer.id} and company_id = ${partner.id}`);
}

const list = (partner: Partner, query = "") =>
  t.inject({ url: `/api/v2/dashboard/users${query}`, headers: partner.headers });

const emails = (res: { json(): { data: Client[] } }) => res.json().data.map((c) => c.email);

async function csvUrl(partner: Partner, query = "", locale: "de" | "en" = "de") {
  const res = await t.inject({
    url: `/api/v2/dashboard/users/csv${query}`,
    headers: inLocale(partner, locale),
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().data.file as string);
}

async function download(partner: Partner, query = "", locale: "de" | "en" = "de") {
  const url = await csvUrl(partner, query, locale);
  return t.inject({ url: url.pathname, headers: partner.headers });
}

/** A minimal RFC 4180 reader (quotes, doubled quotes), enough for what csv-stringify writes. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  t = await build();
  cafe = await livePartner(t);
  bakery = await livePartner(t);

  sharing = [];
  const surnames = ["Schmidt", "Müller", "Schneider", "Fischer", "Weber", "Meyer", "Wagner"];
  for (const [i, surname] of surnames.entries()) {
    const customer = await appCustomer(t, {
      first_name: i === 0 ? "Anna" : "Kim",
      surname,
      phone: `+49 170 555000${i}`,
    });
    await collectAt(customer, cafe);
    await share(customer, cafe);
    // The first is the most recent visit; Weber and Meyer share the same moment (tie by id).
    await setCard(customer, cafe, i === 5 ? 5 : i + 1);
    sharing.push(customer);
  }
  // Meyer and Weber visited at the same time: the higher card id comes first.
  const [weber, meyer] = [sharing[4]!, sharing[5]!];
  sharing.splice(4, 2, meyer, weber);

  evil = await appCustomer(t, {
    first_name: '=HYPERLINK("http://evil")',
    surname: "@SUM(1+1)",
    phone: "+49 151 23456789",
    email: `evil-${Date.now()}@app.test`,
  });
  await collectAt(evil, cafe);
  await share(evil, cafe);
  await setCard(evil, cafe, 24 * (INACTIVE_AFTER_DAYS + 10));
  sharing.push(evil);

  // Collected, but keeps their data to themselves.
  silent = await appCustomer(t, { surname: "Schweigsam" });
  await collectAt(silent, cafe);
  await setCard(silent, cafe, 0.5);

  // Shares with both partners; and one who only knows the bakery.
  both = sharing[1]!;
  await collectAt(both, bakery);
  await share(both, bakery);
  bakeryOnly = await appCustomer(t, { surname: "Bäcker" });
  await collectAt(bakeryOnly, bakery);
  await share(bakeryOnly, bakery);
  // Shared once, then withdrew.
  const withdrew = await appCustomer(t, { surname: "Zurückgezogen" });
  await collectAt(withdrew, bakery);
  await share(withdrew, bakery);
  await share(withdrew, bakery, false);
});

describe("GET /dashboard/users", () => {
  it("lists only customers who share their data, the latest visit first, with their fields", async () => {
    const res = await list(cafe, "?per_page=100");
    expect(res.statusCode).toBe(200);
    expect(emails(res)).toEqual(sharing.map((c) => c.email));
    expect(res.json().meta).toEqual({ page: 1, per_page: 100, total: sharing.length });
    const anna = res.json().data[0] as Client;
    expect(anna).toMatchObject({
      email: sharing[0]!.email,
      first_name: "Anna",
      surname: "Schmidt",
      // Stored as one E.164 number, however it was typed.
      phone: "+491705550000",
      date_of_birth: "1990-05-17",
      points: 1,
      collects: 1,
      // The first customer who came to the café; the statistics call a customer without a
      // shared name "Kunde 1" by this number.
      number: 1,
    });
    // No screen shows a wallet address: the list has none (the CSV keeps it for sharing customers).
    expect(anna).not.toHaveProperty("wallet_address");
    for (const c of [...sharing, silent]) expect(res.body).not.toContain(c.wallet);
    expect(Date.now() - Date.parse(anna.last_visit)).toBeGreaterThan(0.9 * HOUR);
    expect(emails(res)).not.toContain(silent.email);
  });

  it("pages without overlaps or gaps, with the total", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(cafe, `?per_page=3&page=${page}`);
      expect(res.json().meta).toEqual({ page, per_page: 3, total: sharing.length });
      seen.push(...emails(res));
    }
    expect(seen).toEqual(sharing.map((c) => c.email));
    expect((await list(cafe, "?per_page=3&page=4")).json().data).toEqual([]);
    // Defaults: page 1, 25 per page.
    expect((await list(cafe)).json().meta).toEqual({ page: 1, per_page: 25, total: sharing.length });
  });

  it("searches email, names and phone, case-insensitively, every word", async () => {
    expect(emails(await list(cafe, "?search=schmidt"))).toEqual([sharing[0]!.email]);
    expect(emails(await list(cafe, "?search=ANNA"))).toEqual([sharing[0]!.email]);
    expect(emails(await list(cafe, `?search=${encodeURIComponent("müll")}`))).toEqual([sharing[1]!.email]);
    expect(emails(await list(cafe, `?search=${encodeURIComponent("170 5550003")}`))).toEqual([
      sharing[3]!.email,
    ]);
    expect(
      emails(await list(cafe, `?search=${encodeURIComponent(sharing[2]!.email.toUpperCase())}`)),
    ).toEqual([sharing[2]!.email]);
    expect(emails(await list(cafe, `?search=${encodeURIComponent("kim weber")}`))).toEqual([
      sharing[5]!.email,
    ]);
    const found = await list(cafe, "?search=kim");
    expect(found.json().meta.total).toBe(6);
    // Wildcards are plain characters; a customer who does not share is never found.
    expect((await list(cafe, "?search=%25")).json().data).toEqual([]);
    expect((await list(cafe, "?search=_")).json().data).toEqual([]);
    expect((await list(cafe, "?search=schweigsam")).json().data).toEqual([]);
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
  });

  it("finds a stored +49 number by the number as people write it", async () => {
    for (const typed of ["0170 5550003", "01705550003", "0170/555 00 03", "+49 170 5550003"]) {
      expect(emails(await list(cafe, `?search=${encodeURIComponent(typed)}`))).toEqual([sharing[3]!.email]);
    }
    // Another partner's customer with that number is not found.
    expect((await list(bakery, `?search=${encodeURIComponent("0170 5550003")}`)).json().data).toEqual([]);
    // A number nobody has finds nobody; words that are no number still search as text.
    expect((await list(cafe, `?search=${encodeURIComponent("0170 5550099")}`)).json().data).toEqual([]);
    expect(emails(await list(cafe, `?search=${encodeURIComponent("anna 5550000")}`))).toEqual([
      sharing[0]!.email,
    ]);
  });

  it("filters full cards, active and inactive customers", async () => {
    // The cafe's card has 10 points: Müller's card is full, Fischer's is one short.
    await setCard(sharing[1]!, cafe, 2, 10);
    await setCard(sharing[3]!, cafe, 4, 9);
    try {
      expect(emails(await list(cafe, "?filter=full"))).toEqual([sharing[1]!.email]);
      expect(emails(await list(cafe, "?filter=inactive"))).toEqual([evil.email]);
      expect(emails(await list(cafe, "?filter=active&per_page=100"))).toEqual(
        sharing.filter((c) => c !== evil).map((c) => c.email),
      );
      expect(emails(await list(cafe, "?filter=all&per_page=100"))).toHaveLength(sharing.length);
      expect((await list(cafe, "?filter=full&search=schmidt")).json().meta.total).toBe(0);
    } finally {
      await setCard(sharing[1]!, cafe, 2, 1);
      await setCard(sharing[3]!, cafe, 4, 1);
    }
  });

  it("counts a card as full by the approved card's points while a change waits for review", async () => {
    // A partner of its own: the change puts it in review (orange), which the others must not be.
    const bistro = await livePartner(t);
    const [half, full] = [await appCustomer(t), await appCustomer(t)];
    for (const customer of [half, full]) {
      await collectAt(customer, bistro);
      await share(customer, bistro);
    }
    await setCard(half, bistro, 2, 5);
    await setCard(full, bistro, 1, 10);
    const fullCards = async () => emails(await list(bistro, "?filter=full"));
    expect(await fullCards()).toEqual([full.email]);

    // The partner lowers the card from 10 to 4 points: scans and the statistics keep the approved
    // 10 until the team approves, so 5 points are not a full card yet.
    const change = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${companyIdOf(bistro)}`,
      headers: bistro.headers,
      payload: { points: 4 },
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    expect(await fullCards()).toEqual([full.email]);

    const admin = await signedInAdmin(t);
    const approve = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${companyIdOf(bistro)}/approve`,
      headers: admin.headers,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await fullCards()).toEqual([full.email, half.email]);
  });

  it("answers 422 with field messages for a bad query", async () => {
    for (const query of [
      "?filter=vip",
      "?page=0",
      "?per_page=500",
      "?page=abc",
      `?search=${"x".repeat(101)}`,
    ]) {
      const res = await list(cafe, query);
      expect(res.statusCode, query).toBe(422);
      const field = query.slice(1).split("=")[0]!;
      expect(res.json().errors[field], query).toHaveLength(1);
    }
    const en = await t.inject({ url: "/api/v2/dashboard/users?filter=vip", headers: inLocale(cafe, "en") });
    expect(en.json().message).not.toBe((await list(cafe, "?filter=vip")).json().message);
  });

  it("shows another partner only its own customers", async () => {
    const res = await list(bakery, "?per_page=100");
    expect(emails(res)).toEqual([bakeryOnly.email, both.email]);
    expect(res.json().data.find((c: Client) => c.email === both.email).points).toBe(1);
    expect((await list(bakery, "?search=schmidt")).json().data).toEqual([]);
  });

  it("is for signed-in partners only", async () => {
    for (const url of [
      "/api/v2/dashboard/users",
      "/api/v2/dashboard/users/csv",
      "/api/v2/dashboard/users/csv/abcdefabcdefabcdefabcdef",
    ]) {
      expect((await t.inject({ url })).statusCode, url).toBe(401);
    }
    // The app's Bearer token is not a partner session.
    expect((await t.inject({ url: "/api/v2/dashboard/users", headers: evil.headers })).statusCode).toBe(401);
  });
});

describe("the clients CSV", () => {
  it("gives a short-lived URL under PUBLIC_URL", async () => {
    const url = await csvUrl(cafe);
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(url.pathname).toMatch(/^\/api\/v2\/dashboard\/users\/csv\/[A-Za-z0-9_-]{40,}$/);
    const token = url.pathname.split("/").pop()!;
    const [row] = rowsOf<{ token_hash: string; seconds: number }>(
      await t.db.execute(sql`
        select token_hash, extract(epoch from expires_at - now())::int as seconds from export_tokens
        where company_id = ${cafe.id} order by expires_at desc limit 1`),
    );
    expect(row?.token_hash).not.toContain(token);
    expect(row?.seconds).toBeGreaterThan(280);
    expect(row?.seconds).toBeLessThanOrEqual(300);
  });

  it("German: BOM, semicolons, CRLF, German headers and dates, formulas neutralised, phones kept", async () => {
    const res = await download(cafe);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="kunden-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''kunden-\1\.csv$/,
    );
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(res.body.replaceAll("\r\n", "")).not.toContain("\n");
    const rows = parseCsv(res.body.slice(1), ";");
    expect(rows[0]).toEqual([
      "E-Mail",
      "Vorname",
      "Nachname",
      "Telefon",
      "Wallet-Adresse",
      "Geburtsdatum",
      "Punkte",
      "Sammlungen",
      "Letzter Besuch",
      "Kundennummer",
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(sharing.map((c) => c.email));
    expect(rows[1]).toEqual([
      sharing[0]!.email,
      "Anna",
      "Schmidt",
      // Formatted: with its spaces a spreadsheet keeps it as text, not as the number 491705550000.
      "+49 170 5550000",
      sharing[0]!.wallet,
      "17.05.1990",
      "1",
      "1",
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
      "1",
    ]);
    // Wallet addresses only of the customers who share their data with this partner.
    for (const c of sharing) expect(res.body).toContain(c.wallet);
    expect(res.body).not.toContain(silent.wallet);
    expect(res.body).not.toContain(bakeryOnly.wallet);
    const evilRow = rows.find((r) => r[0] === evil.email)!;
    expect(evilRow[1]).toBe(`'=HYPERLINK("http://evil")`);
    expect(evilRow[2]).toBe("'@SUM(1+1)");
    expect(evilRow[3]).toBe("+49 1512 3456789");
    expect(res.body).not.toMatch(/[;\n]=HYPERLINK/);
  });

  it("English: commas, English headers, ISO dates; file name clients-…", async () => {
    const res = await download(cafe, "", "en");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="clients-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''clients-\1\.csv$/,
    );
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows = parseCsv(res.body.slice(1), ",");
    expect(rows[0]).toEqual([
      "Email",
      "First name",
      "Surname",
      "Phone",
      "Wallet address",
      "Date of birth",
      "Points",
      "Collections",
      "Last visit",
      "Customer number",
    ]);
    expect(rows[1]?.[5]).toBe("1990-05-17");
    expect(rows[1]?.[8]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows).toHaveLength(sharing.length + 1);
  });

  it("exports the selection of the search and filter", async () => {
    const res = await download(cafe, "?search=kim&filter=active");
    const rows = parseCsv(res.body.slice(1), ";");
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      sharing.filter((c) => c.first_name === "Kim").map((c) => c.email),
    );
    const inactive = parseCsv((await download(cafe, "?filter=inactive")).body.slice(1), ";");
    expect(inactive.slice(1).map((r) => r[0])).toEqual([evil.email]);
    expect(
      (await t.inject({ url: "/api/v2/dashboard/users/csv?filter=vip", headers: cafe.headers })).statusCode,
    ).toBe(422);
  });

  it("only the partner that asked may download, and only for five minutes", async () => {
    const bakeryCsv = parseCsv((await download(bakery)).body.slice(1), ";");
    expect(bakeryCsv.slice(1).map((r) => r[0])).toEqual([bakeryOnly.email, both.email]);
    // The bakery's own numbers and only its customers' wallets: nothing of the café's.
    expect(bakeryCsv.slice(1).map((r) => [r[4], r[9]])).toEqual([
      [bakeryOnly.wallet, "2"],
      [both.wallet, "1"],
    ]);
    expect(bakeryCsv.flat()).not.toContain(sharing[0]!.wallet);

    const url = await csvUrl(cafe);
    const foreign = await t.inject({ url: url.pathname, headers: bakery.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(sharing[0]!.email);
    expect((await t.inject({ url: url.pathname })).statusCode).toBe(401);
    expect((await t.inject({ url: `${url.pathname}x`, headers: cafe.headers })).statusCode).toBe(404);
    // Still valid for its partner: the link is not used up by the tries of others.
    expect((await t.inject({ url: url.pathname, headers: cafe.headers })).statusCode).toBe(200);

    await t.db.execute(
      sql`update export_tokens set expires_at = now() - interval '1 second' where company_id = ${cafe.id}`,
    );
    expect((await t.inject({ url: url.pathname, headers: cafe.headers })).statusCode).toBe(404);
  });

  it("a red (blocked) partner exports no customer data, not even by a link it got before the block", async () => {
    const shop = await livePartner(t);
    const customer = await appCustomer(t);
    await collectAt(customer, shop);
    await share(customer, shop);
    const url = await csvUrl(shop);
    const admin = await signedInAdmin(t);
    const block = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${shop.id}/block`,
      headers: admin.headers,
      payload: { reason: "Verdacht auf Missbrauch der Kundendaten" },
    });
    expect(block.statusCode).toBe(200);

    const link = await t.inject({ url: "/api/v2/dashboard/users/csv", headers: inLocale(shop, "en") });
    expect(link.statusCode).toBe(403);
    expect(link.json()).toMatchObject({
      code: "account_red",
      message:
        "While your account is blocked (status red), you cannot export customer data. Please contact our support.",
    });
    const old = await t.inject({ url: url.pathname, headers: shop.headers });
    expect(old.statusCode).toBe(403);
    expect(old.body).not.toContain(customer.email);

    const unblock = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${shop.id}/unblock`,
      headers: admin.headers,
    });
    expect(unblock.statusCode).toBe(200);
    expect((await t.inject({ url: url.pathname, headers: shop.headers })).statusCode).toBe(200);
  });

  it("keeps a stored name with line breaks in one quoted field, with the formula after the break neutralised", async () => {
    const shop = await livePartner(t);
    const legacy = await appCustomer(t, { surname: "Altbestand" });
    await collectAt(legacy, shop);
    await share(legacy, shop);
    // Stored before names were checked for control characters (the API refuses them now).
    await t.db.execute(sql`
      update app_users set first_name = ${'Anna\n=HYPERLINK("http://evil","Klick")'}, surname = ${"Alt\r@SUM(1+1)"}
      where id = ${legacy.id}`);
    for (const [locale, delimiter] of [
      ["de", ";"],
      ["en", ","],
    ] as const) {
      const res = await download(shop, "", locale);
      expect(res.statusCode).toBe(200);
      // Each field with a line break is quoted, so a spreadsheet reads it as one cell of this row.
      expect(res.body).toContain(`"Anna\n'=HYPERLINK(""http://evil"",""Klick"")"`);
      expect(res.body).toContain(`"Alt\r'@SUM(1+1)"`);
      const rows = parseCsv(res.body.slice(1), delimiter);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(0, 3)).toEqual([
        legacy.email,
        `Anna\n'=HYPERLINK("http://evil","Klick")`,
        "Alt\r'@SUM(1+1)",
      ]);
      // Read line by line (as a naive import would), no line starts with a formula either.
      for (const line of res.body.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@]/);
    }
  });

  it("neutralises formula cells but keeps plain phone numbers", () => {
    for (const danger of ["=1+1", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "+49 170 =1", "++49 170"]) {
      expect(neutralise(danger), danger).toBe(`'${danger}`);
    }
    expect(neutralise("Anna\n=1+1")).toBe("Anna\n'=1+1");
    expect(neutralise("Anna\r\n@x\r-1")).toBe("Anna\r\n'@x\r'-1");
    expect(neutralise("Tel.\n+49 170 1234567")).toBe("Tel.\n+49 170 1234567");
    for (const safe of ["+49 170 1234567", "0221 987654", "Anna", "a=b", "kim@example.de", ""]) {
      expect(neutralise(safe), safe).toBe(safe);
    }
  });
});

describe("a CSV of 100,000 clients", () => {
  let big: Partner;
  const N = 100_000;

  beforeAll(async () => {
    big = await livePartner(t);
    // Straight into the tables (fast); many customers share one moment, so batches break inside
    // runs of equal last visits.
    await t.db.execute(sql`
      insert into app_users (email, first_name, surname, phone, date_of_birth, wallet_address)
      select 'bulk' || i || '@bulk.test', 'Vorname' || i, 'Nachname' || i, '+49 170 ' || i,
        date '1970-01-01' + (i % 15000), '0xb' || lpad(to_hex(i), 39, '0')
      from generate_series(1, ${N}) as i`);
    await t.db.execute(sql`
      insert into cards (company_id, app_user_id, points, collects, share_contact, first_scan_at, last_scan_at,
        customer_number)
      select ${big.id}, u.id, u.id % 10, 1 + u.id % 7, true, now() - interval '400 days',
        now() - (u.id % 337) * interval '1 hour' - (u.id % 3) * interval '1 microsecond',
        row_number() over (order by u.id)
      from app_users u where u.email like 'bulk%@bulk.test'`);
    // What autovacuum does after a bulk load; without statistics the planner sorts every batch.
    await t.db.execute(sql`analyze cards`);
    await t.db.execute(sql`analyze app_users`);
  }, 120_000);

  it("streams every row exactly once", { timeout: 120_000 }, async () => {
    expect((await list(big, "?per_page=1")).json().meta.total).toBe(N);
    const url = await csvUrl(big);
    const res = await t.inject({ url: url.pathname, headers: big.headers, payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    // Streamed: the length is not known up front.
    expect(res.headers["content-length"]).toBeUndefined();
    let lines = 0;
    let header = "";
    let tail = "";
    const seen = new Set<string>();
    for await (const chunk of res.stream()) {
      const parts = (tail + String(chunk)).split("\r\n");
      tail = parts.pop()!;
      for (const line of parts) {
        if (lines === 0) header = line;
        else seen.add(line.slice(0, line.indexOf(";")));
        lines++;
      }
    }
    expect(tail).toBe("");
    expect(lines).toBe(N + 1);
    expect(header).toBe(
      `${BOM}E-Mail;Vorname;Nachname;Telefon;Wallet-Adresse;Geburtsdatum;Punkte;Sammlungen;Letzter Besuch;Kundennummer`,
    );
    expect(seen.size).toBe(N);
  });

  it("reads batch after batch in the list's order", { timeout: 60_000 }, async () => {
    const sizes: number[] = [];
    const head: number[] = [];
    for await (const batch of clientBatches(t.db, big.id, { filter: "all" }, new Date(), 30_000)) {
      sizes.push(batch.length);
      if (head.length === 0) head.push(...batch.slice(0, 100).map((c) => c.id));
    }
    expect(sizes).toEqual([30_000, 30_000, 30_000, 10_000]);
    const page = await list(big, "?per_page=100");
    expect(page.json().data.map((c: Client) => c.id)).toEqual(head);
  });
});
