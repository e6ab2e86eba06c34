import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { addMonths, berlinDay, berlinHour, berlinMonth } from "@stempla/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/client.ts";
import { runMonthlyInvoicing } from "../modules/billing/invoicing.ts";
import { queueMails } from "../modules/mail/service.ts";
import { recordFraudEvent } from "../modules/stats/fraud-events.ts";
import { ORIGIN, signedInPartner } from "../test/accounts.ts";
import { billedPartner } from "../test/billing.ts";
import { build, type TestApp } from "../test/build.ts";
import { companyIdOf, LOCATION } from "../test/review.ts";
import { livePartner } from "../test/scans.ts";
import { smtpSink } from "../test/smtp-sink.ts";

// Two real server processes (`npm start`'s apps/api/src/server.ts) on one PostgreSQL database
// behave as one (README, "Several processes"): sessions, rate limits and uploads live in the
// database, and the scheduled work is claimed there, so both processes ticking do it once.
// PGlite is embedded in one process and cannot be opened by a second, so this runs on PostgreSQL.

const onPostgres = process.env.TEST_DB === "postgres";
const serverPath = path.resolve(import.meta.dirname, "../server.ts");
const repoRoot = path.resolve(import.meta.dirname, "../../../..");

const smtp = smtpSink();
/** The mails received, with the outbox id and sender the API wrote into them. */
const received = () =>
  smtp.received.map(({ raw, to }) => ({
    mailId: raw.match(/^X-Stempla-Mail-Id:\s*(\d+)/im)?.[1],
    from: raw.match(/^From:\s*(.*)$/im)?.[1]?.trim(),
    to,
  }));

/** Every server started, stopped in afterAll whether or not it came up. */
const children: ChildProcess[] = [];

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** Starts the server as `npm start` does, on the test database, and waits until it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", serverPath], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen within 45 s:\n${output.join("")}`)),
      45_000,
    );
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const listening = text.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, base: listening[1]!, output });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join("")}`));
    });
  });
}

/** SIGTERM (the server finishes its jobs and closes), SIGKILL if it has not exited in 10 s. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const count = async (t: TestApp, query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.db.execute(query))[0]!.n;

describe.skipIf(!onPostgres)(
  "two API processes on one PostgreSQL database (skipped on PGlite: an embedded database belongs to one process; run with TEST_DB=postgres)",
  () => {
    let t: TestApp;
    let a: Server;
    let b: Server;
    let billed: Awaited<ReturnType<typeof billedPartner>>;
    let debtor: Awaited<ReturnType<typeof billedPartner>>;
    let flagged: Awaited<ReturnType<typeof livePartner>>;
    let queuedIds: number[];
    // The monthly invoicing is due from the 2nd, 06:00 German time (jobs/scheduler.ts); on the 1st
    // and early mornings the processes rightly issue nothing, and that part of the test says so.
    const now = new Date();
    const invoicingDue = Number(berlinDay(now).slice(8)) >= 2 && berlinHour(now) >= 6;
    // Reminders go out from 08:00 (jobs/scheduler.ts).
    const dunningDue = berlinHour(now) >= 8;
    // The fraud summary goes out from 07:00 with the events of past days (jobs/scheduler.ts). The
    // server reads the real clock and has no setting for another, so these parts run only once
    // their hour has come; the data they need is made regardless.
    const fraudSummaryDue = berlinHour(now) >= 7;

    const call = (server: Server, route: string, init: RequestInit & { session?: string } = {}) =>
      fetch(`${server.base}${route}`, {
        ...init,
        headers: {
          origin: ORIGIN,
          ...(init.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}),
          ...(init.session ? { cookie: `session=${init.session}` } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    const login = (server: Server, email: string, password: string) =>
      call(server, "/api/v2/dashboard/login", { method: "POST", body: JSON.stringify({ email, password }) });

    beforeAll(async () => {
      await smtp.start();
      // The database (a copy of the suite's migrated template) and, in this process, the app that
      // prepares the data; it runs no jobs.
      t = await build({ PUBLIC_URL: ORIGIN });
      billed = await billedPartner(t);
      // An invoice of the month before last, issued 28 days ago to a partner paying by transfer:
      // due after 14 days, so two weeks overdue today and due for a reminder (modules/billing/dunning.ts).
      // The month before last has always ended 28 days ago.
      debtor = await billedPartner(t, { mandate: false });
      // Yesterday five wrong entries locked the staff PIN of a partner's location, recorded as the
      // scan path records it; this morning's summary reports it.
      flagged = await livePartner(t);
      await recordFraudEvent(t.db, {
        companyId: flagged.id,
        locationId: flagged.locationId,
        appUserId: null,
        rule: "pin_locked",
        at: new Date(now.getTime() - 86_400_000),
        count: 5,
      });
      await runMonthlyInvoicing(t.db, {
        month: addMonths(berlinMonth(now), -2),
        provider: t.config.provider,
        publicUrl: ORIGIN,
        now: new Date(now.getTime() - 28 * 86_400_000),
      });
      // Three times what one delivery run takes (20): one process alone would need two more runs,
      // 5 s apart, so the other's sender finds work too.
      queuedIds = await queueMails(
        t.db,
        Array.from({ length: 60 }, (_, i) => ({
          template: "test",
          locale: "de" as const,
          to: `gast${i}@example.org`,
          content: { subject: `Hallo ${i}`, paragraphs: ["Grüße aus dem Test"] },
        })),
      );
      const [{ name }] = rowsOf<{ name: string }>(
        await t.db.execute(sql`select current_database() as name`),
      ) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const env = {
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: "0",
        DATABASE_URL: url.toString(),
        PUBLIC_URL: ORIGIN,
        SEED_DEMO: "never",
        SMTP_URL: smtp.url,
        WEB_DIST_DIR: "/nonexistent",
        LOG_LEVEL: "info",
      };
      // Both start at once, as a deployment's processes do: both migrate (nothing to do) and both
      // run the scheduler's first tick right away.
      // Each process sends under its own name, so the mails tell which one delivered them.
      [a, b] = await Promise.all([
        startServer({ ...env, MAIL_FROM: "Stempla A <no-reply@stempla.test>" }),
        startServer({ ...env, MAIL_FROM: "Stempla B <no-reply@stempla.test>" }),
      ]);
    }, 90_000);

    afterAll(async () => {
      // Before the database is dropped (build()'s own hook, which runs after this one).
      await Promise.all(children.map(stopServer));
      await smtp.stop();
    });

    it("a session begun on one process is valid on the other, and signing out there ends it on both", async () => {
      const owner = await signedInPartner(t);
      const res = await login(a, owner.email, owner.password);
      expect(res.status).toBe(200);
      const session = ((await res.json()) as { data: { token: string } }).data.token;
      const onB = await call(b, "/api/v2/dashboard/profile", { session });
      expect(onB.status).toBe(200);
      expect(((await onB.json()) as { data: { email: string } }).data.email).toBe(owner.email);
      expect((await call(b, "/api/v2/dashboard/logout", { method: "POST", session })).status).toBeLessThan(
        300,
      );
      expect((await call(a, "/api/v2/dashboard/profile", { session })).status).toBe(401);
    });

    it("failed sign-ins are counted across both processes: the limit of one is reached at the same count", async () => {
      const guessed = await signedInPartner(t);
      // The per-account limit is 10 failures in 15 minutes (modules/auth/routes.ts).
      for (let i = 0; i < 10; i++) {
        const res = await login(i % 2 === 0 ? a : b, guessed.email, `falsch-${i}`);
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      expect((await login(a, guessed.email, "falsch-10")).status).toBe(429);
      // The right password is refused on the other process too, until the window ends.
      expect((await login(b, guessed.email, guessed.password)).status).toBe(429);
      expect(
        await count(
          t,
          sql`select count::int as n from rate_limits where key = ${`login:email:${guessed.email}`}`,
        ),
      ).toBe(10);
    });

    it("a picture uploaded through one process is served by the other, from the database", async () => {
      const owner = await signedInPartner(t);
      const shop = await call(a, "/api/v2/dashboard/shop", {
        method: "POST",
        session: owner.token,
        body: JSON.stringify(LOCATION),
      });
      expect(shop.status, await shop.clone().text()).toBe(201);
      const shopId = ((await shop.json()) as { data: { id: number } }).data.id;
      const png = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#3a5aa0" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("kind", "photo");
      form.set("texts", JSON.stringify({ de: { title: "Unser Garten" } }));
      form.set("file", new Blob([png], { type: "image/png" }), "bild.png");
      const created = await call(a, `/api/v2/dashboard/menu/item/create?shop_id=${shopId}`, {
        method: "POST",
        session: owner.token,
        body: form,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const item = ((await created.json()) as { data: { image: { urls: { url: string; width: number }[] } } })
        .data;
      expect(item.image.urls.length).toBeGreaterThan(0);
      for (const rendition of item.image.urls) {
        const url = new URL(rendition.url, ORIGIN);
        const served = await fetch(`${b.base}${url.pathname}${url.search}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/webp");
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format: "webp", width: rendition.width });
      }
      expect(
        await count(
          t,
          sql`select count(*)::int as n from menu_files where company_id = ${companyIdOf(owner)}`,
        ),
      ).toBeGreaterThan(0);
    });

    it("every queued mail is delivered exactly once although both processes' senders run", async () => {
      // Each sender runs every 5 s and takes up to 20 mails a run (modules/mail/sender.ts); the jobs
      // may queue more meanwhile, so the test follows the mails it queued itself.
      await until("the queued mails to be delivered", async () =>
        (await count(
          t,
          sql`select count(*)::int as n from mail_outbox
              where id in ${sql.raw(`(${queuedIds.join(",")})`)} and status = 'sent'`,
        )) === queuedIds.length
          ? true
          : undefined,
      );
      const ids = received().map((mail) => mail.mailId);
      for (const id of queuedIds) expect(ids.filter((received) => received === String(id))).toHaveLength(1);
      // No mail at all (the jobs' ones included) went out twice, and both processes delivered.
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(received().map((mail) => mail.from))).toEqual(
        new Set(["Stempla A <no-reply@stempla.test>", "Stempla B <no-reply@stempla.test>"]),
      );
      expect(
        await count(
          t,
          sql`select count(*)::int as n from mail_outbox
              where id in ${sql.raw(`(${queuedIds.join(",")})`)} and attempts = 1`,
        ),
      ).toBe(queuedIds.length);
    });

    it.runIf(dunningDue)(
      "the overdue invoice is dunned once, with one reminder, although both processes ran the dunning",
      async () => {
        const dunned = await until("the reminder", async () => {
          const rows = rowsOf<{ status: string; number: string }>(
            await t.db.execute(
              sql`select status, number from invoices where company_id = ${debtor.id} and kind = 'invoice'
                and period_start = ${addMonths(berlinMonth(now), -2)}`,
            ),
          );
          return rows[0]?.status === "dunned" ? rows : undefined;
        });
        expect(dunned).toHaveLength(1);
        // By the time the first delivery run is out (5 s after the start) both first ticks are done.
        await until("the outbox to be delivered", async () =>
          (await count(t, sql`select count(*)::int as n from mail_outbox where status = 'queued'`)) === 0
            ? true
            : undefined,
        );
        expect(
          await count(
            t,
            sql`select count(*)::int as n from mail_outbox where template = 'dunning' and to_address = ${debtor.email}`,
          ),
        ).toBe(1);
      },
    );

    it.runIf(invoicingDue)(
      "the due monthly invoicing issues one invoice per partner although both processes ran it",
      async () => {
        const month = addMonths(berlinMonth(now), -1);
        const issued = () =>
          count(
            t,
            sql`select count(*)::int as n from invoices
                where company_id = ${billed.id} and kind = 'invoice' and period_start = ${month}`,
          );
        await until("the invoice", async () => ((await issued()) > 0 ? true : undefined));
        // Both processes' first ticks have run by the time the mails (sent 5 s and more after the
        // start) are out; a later tick only skips the partner billed already.
        await until("the outbox to be delivered", async () =>
          (await count(t, sql`select count(*)::int as n from mail_outbox where status = 'queued'`)) === 0
            ? true
            : undefined,
        );
        expect(await issued()).toBe(1);
      },
    );

    it.runIf(fraudSummaryDue)(
      "yesterday's fraud events are summarised in one mail, claimed once, although both processes ran the summary",
      async () => {
        const summaries = async () =>
          rowsOf<{ id: number }>(
            await t.db.execute(
              sql`select id::int from mail_outbox where template = 'fraud-summary' and to_address = ${flagged.email}`,
            ),
          ).map((mail) => String(mail.id));
        await until("the fraud summary", async () => ((await summaries()).length > 0 ? true : undefined));
        // Both first ticks (the summary is their first job) are done once the outbox is delivered.
        await until("the outbox to be delivered", async () =>
          (await count(t, sql`select count(*)::int as n from mail_outbox where status = 'queued'`)) === 0
            ? true
            : undefined,
        );
        const [summary, ...more] = await summaries();
        expect(more).toEqual([]);
        expect(received().filter((mail) => mail.mailId === summary)).toHaveLength(1);
        // The event is claimed (notified) once, so no later tick or process reports it again.
        const events = rowsOf<{ notified: boolean }>(
          await t.db.execute(
            sql`select notified_at is not null as notified from fraud_events where company_id = ${flagged.id}`,
          ),
        );
        expect(events).toEqual([{ notified: true }]);
      },
    );
  },
);
