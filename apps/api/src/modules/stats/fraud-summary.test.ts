import { berlinDay } from "@stempla/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fraudEvents, mailOutbox } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";
import { appCustomer, livePartner, setStaffPin } from "../../test/scans.ts";
import { collectPoint } from "../app/scan.ts";
import { sendFraudSummaries } from "./fraud-summary.ts";

let t: TestApp;
let cafe: Awaited<ReturnType<typeof livePartner>>;
let quiet: Awaited<ReturnType<typeof livePartner>>;
const PIN = "1357";
const DAY = 86_400_000;

beforeAll(async () => {
  t = await build();
  cafe = await livePartner(t);
  quiet = await livePartner(t);
  await setStaffPin(t, cafe, cafe.locationId, PIN, { count: 1, hours: 12 });
});

const mailsTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .then((rows) => rows.filter((m) => m.template === "fraud-summary"));

describe("daily fraud summary mail", () => {
  it("mails the partner yesterday's PIN-limit hits and unusual counts once, even when two runs race", async () => {
    // Noon of yesterday in Germany, so the minutes below stay on that day.
    const yesterday = new Date(`${berlinDay(new Date(Date.now() - DAY))}T12:00:00+01:00`);
    const kim = await appCustomer(t);
    const at = (minutes: number) => new Date(yesterday.getTime() + minutes * 60_000);
    await collectPoint(t.db, kim.id, { code: cafe.scanCode, method: "qr" }, { at: at(0) });
    await expect(
      collectPoint(t.db, kim.id, { code: cafe.scanCode, method: "qr" }, { at: at(1) }),
    ).rejects.toMatchObject({
      code: "pin_required",
    });
    for (let i = 2; i < 7; i++)
      await collectPoint(t.db, kim.id, { code: cafe.scanCode, method: "qr", pin: PIN }, { at: at(i) });
    // Today's events wait for tomorrow's summary.
    const lena = await appCustomer(t);
    await collectPoint(t.db, lena.id, { code: cafe.scanCode, method: "qr" });
    await expect(collectPoint(t.db, lena.id, { code: cafe.scanCode, method: "qr" })).rejects.toMatchObject({
      code: "pin_required",
    });

    const runs = await Promise.all([
      sendFraudSummaries(t.db, t.config.publicUrl),
      sendFraudSummaries(t.db, t.config.publicUrl),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const [mail] = await mailsTo(cafe.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Stempla: 2 Auffälligkeiten bei Ihren Stempelkarten");
    expect(mail!.text).toContain("Café am Markt");
    // Kim shares no contact data: named by her number at the café, never by her wallet address.
    expect(mail!.text).toContain("Café am Markt · Kunde 1");
    expect(mail!.text).not.toContain(kim.wallet.slice(0, 6));
    expect(mail!.text).toContain("PIN-Limit erreicht (6×)");
    expect(mail!.text).toContain("6 Sammlungen an einem Tag");
    expect(mail!.text).toContain("/de/dashboard?month=");
    expect(mail!.text).not.toContain(`${lena.wallet.slice(0, 6)}…`);

    expect(await sendFraudSummaries(t.db, t.config.publicUrl)).toBe(0);
    expect(await mailsTo(cafe.email)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    const pending = await t.db.select().from(fraudEvents).where(eq(fraudEvents.appUserId, lena.id));
    expect(pending.map((e) => e.notifiedAt)).toEqual([null]);

    // The next morning today's event is reported, in its own mail.
    expect(await sendFraudSummaries(t.db, t.config.publicUrl, new Date(Date.now() + DAY))).toBe(1);
    expect(await mailsTo(cafe.email)).toHaveLength(2);
  });
});
