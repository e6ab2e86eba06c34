import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox } from "../../db/schema/index.ts";
import { build, type TestApp } from "../../test/build.ts";

let t: TestApp;
beforeAll(async () => {
  t = await build({ SUPPORT_EMAIL: "help@stempla.test" });
});

const valid = {
  name: "Anna Muster",
  email: "anna@cafe-sonne.de",
  company: "Café Sonne",
  phone: "",
  topic: "sales",
  message: "Wir haben zwei Filialen in Köln und möchten die Stempelkarte einführen.",
  privacy_accepted: true,
};

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: "POST", url: "/api/v2/contact", payload: payload as object, headers });

describe("POST /api/v2/contact", () => {
  it("stores the message and queues a mail to support and a confirmation to the sender", async () => {
    const res = await post(valid, { "content-language": "en", "x-forwarded-for": "10.0.0.1" });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;

    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({
      name: "Anna Muster",
      company: "Café Sonne",
      phone: null,
      topic: "sales",
      locale: "en",
    });

    const mails = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(2);
    const toSupport = mails.find((m) => m.toAddress === "help@stempla.test")!;
    const toSender = mails.find((m) => m.toAddress === "anna@cafe-sonne.de")!;
    expect(toSupport).toMatchObject({ status: "queued", replyTo: "anna@cafe-sonne.de", locale: "de" });
    expect(toSupport.subject).toContain(`#${id}`);
    expect(toSupport.text).toContain("zwei Filialen in Köln");
    expect(toSender).toMatchObject({
      status: "queued",
      locale: "en",
      subject: `Your message to Stempla (#${id})`,
    });
    expect(toSender.html).toContain('<html lang="en"');
  });

  it("escapes what the sender typed in the HTML mail", async () => {
    const res = await post({ ...valid, email: "x@example.org", name: "<b>Eve</b>" });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "x@example.org"));
    expect(mail!.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail!.html).not.toContain("<b>Eve</b>");
  });

  it.each([
    ["name", { name: "A" }, "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)."],
    ["name", { name: 7 }, "Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)."],
    ["email", { email: "anna@" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    [
      "phone",
      { phone: "ruf mich an" },
      "Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0221 1234567.",
    ],
    ["topic", { topic: "spam" }, "Bitte wählen Sie ein Thema aus."],
    ["message", { message: "Hallo" }, "Bitte schreiben Sie uns mindestens 10 Zeichen."],
    ["message", { message: "x".repeat(5001) }, "Die Nachricht darf höchstens 5.000 Zeichen lang sein."],
    ["privacy_accepted", { privacy_accepted: false }, "Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu."],
    ["company", { company: "x".repeat(101) }, "Dieser Text ist zu lang."],
  ])("rejects a bad %s with 422 and the field's message", async (field, change, message) => {
    const before = await t.db.$count(contactMessages);
    const res = await post({ ...valid, email: "bad-input@example.org", ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [message] });
    expect(await t.db.$count(contactMessages)).toBe(before);
  });

  it("answers in English when asked", async () => {
    const res = await post({ ...valid, message: "short" }, { "content-language": "en" });
    expect(res.json()).toEqual({
      code: "validation_failed",
      message: "Please check the highlighted fields.",
      errors: { message: ["Please write at least 10 characters."] },
    });
  });

  it("rejects a body that is not an object", async () => {
    for (const payload of ["[]", "null", '"text"', "42"]) {
      const res = await t.inject({
        method: "POST",
        url: "/api/v2/contact",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
    }
  });

  it("limits messages per sender address with a localised 429", async () => {
    const email = "limit@example.org";
    for (let i = 0; i < 3; i++) expect((await post({ ...valid, email })).statusCode).toBe(201);
    const res = await post({ ...valid, email }, { "content-language": "en" });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: "rate_limited",
      message: "Too many requests. Please try again in a few minutes.",
    });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});
