import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import { smtpSink } from "../../test/smtp-sink.ts";
import { createTransport, deliverDueMails, retryDelayMs } from "./sender.ts";
import { queueMails } from "./service.ts";

const smtp = smtpSink();

let t: TestApp;
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());
// A delivery run sends every due mail of the outbox, so each test gets an outbox (database) of its
// own: a mail another test left queued never counts here (docs/architecture.md, Tests).
beforeEach(async () => {
  t = await build();
});
afterEach(() => t.close());

const mail = (to: string) => ({
  template: "test",
  locale: "de" as const,
  to,
  content: { subject: `Hallo ${to}`, paragraphs: ["Grüße aus dem Test"] },
});

describe("SMTP delivery from the outbox", () => {
  it("sends queued mails once, as HTML and text, and marks them sent", async () => {
    const [id] = await queueMails(t.db, [mail("anna@example.org")]);
    const transport = createTransport(smtp.url);
    expect(await deliverDueMails(t.db, transport, "Stempla <no-reply@stempla.test>")).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await deliverDueMails(t.db, transport, "Stempla <no-reply@stempla.test>")).toEqual({
      sent: 0,
      failed: 0,
    });
    transport.close();

    const got = smtp.received.filter((r) => r.to.includes("anna@example.org"));
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toContain("text/html");
    expect(got[0]!.raw).toContain("text/plain");
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it("keeps a refused mail queued with a later retry, and delivers it when the server accepts again", async () => {
    const [id] = await queueMails(t.db, [mail("bernd@example.org")]);
    const transport = createTransport(smtp.url);
    smtp.refuse = true;
    expect(await deliverDueMails(t.db, transport, "no-reply@stempla.test")).toEqual({ sent: 0, failed: 1 });
    smtp.refuse = false;
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(failed).toMatchObject({ status: "queued", attempts: 1 });
    expect(failed!.lastError).toContain("try again later");
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: nothing happens. Once due, it goes out.
    expect(await deliverDueMails(t.db, transport, "no-reply@stempla.test")).toEqual({ sent: 0, failed: 0 });
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id!));
    expect(await deliverDueMails(t.db, transport, "no-reply@stempla.test")).toEqual({ sent: 1, failed: 0 });
    transport.close();
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("keeps mails queued when the SMTP server is unreachable", async () => {
    const [id] = await queueMails(t.db, [mail("carla@example.org")]);
    const transport = createTransport("smtp://127.0.0.1:1");
    expect(await deliverDueMails(t.db, transport, "no-reply@stempla.test")).toEqual({ sent: 0, failed: 1 });
    transport.close();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row!.status).toBe("queued");
  });

  it("backs off 1, 2, 4 … minutes up to an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });
});
