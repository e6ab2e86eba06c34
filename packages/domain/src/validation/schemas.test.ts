import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "../contact/contact-message.ts";
import { localeFromLanguageList } from "../locales.ts";
import {
  companyNameSchema,
  daySchema,
  emailSchema,
  multiLineString,
  oneLineString,
  optionalText,
  passwordSchema,
  personNameSchema,
} from "./fields.ts";
import { messages, translate } from "./messages.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("field schemas", () => {
  it("company name: 2 to 50 characters after trimming", () => {
    expect(firstMessage(companyNameSchema.safeParse(" A "))).toBe("companyName.min");
    expect(firstMessage(companyNameSchema.safeParse("x".repeat(51)))).toBe("companyName.max");
    expect(companyNameSchema.parse("  Café Sonne  ")).toBe("Café Sonne");
    expect(firstMessage(companyNameSchema.safeParse(42))).toBe("companyName.min");
  });

  it("email: valid addresses only, normalised to lower case", () => {
    expect(emailSchema.parse(" Anna@Example.DE ")).toBe("anna@example.de");
    for (const bad of ["", "anna", "anna@", "@example.de", "a b@example.de", null, 5]) {
      expect(firstMessage(emailSchema.safeParse(bad))).toBe("email.invalid");
    }
  });

  it("password: at least 6 characters", () => {
    expect(firstMessage(passwordSchema.safeParse("12345"))).toBe("password.min");
    expect(passwordSchema.safeParse("123456").success).toBe(true);
  });

  it("day: an existing calendar day YYYY-MM-DD; anything else is a validation issue, never an exception", () => {
    expect(daySchema.parse("2026-02-28")).toBe("2026-02-28");
    expect(daySchema.parse("2028-02-29")).toBe("2028-02-29");
    for (const bad of [
      "x",
      "",
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-00-10",
      "1999-12-31",
      "2026-1-1",
    ]) {
      expect(() => daySchema.safeParse(bad), bad).not.toThrow();
      const result = daySchema.safeParse(bad);
      expect(
        result.error?.issues.map((issue) => issue.message),
        bad,
      ).toEqual(["day.invalid"]);
    }
    for (const bad of [null, 20260228, undefined]) {
      expect(firstMessage(daySchema.safeParse(bad))).toBe("day.invalid");
    }
  });

  it("one-line text: trimmed, and no control characters (NUL, line breaks, tabs, escape, DEL)", () => {
    const name = oneLineString("name.min");
    expect(name.parse("  Kim Lee \n")).toBe("Kim Lee");
    for (const bad of ["Kim\u0000", "Kim\nLee", "Kim\rLee", "Kim\tLee", "\u001b[31m", "Kim\u007f"]) {
      expect(
        name.safeParse(bad).error?.issues.map((i) => i.message),
        JSON.stringify(bad),
      ).toEqual(["text.oneLine"]);
    }
    expect(firstMessage(name.safeParse(5))).toBe("name.min");
    expect(oneLineString("input.invalid", { trim: false }).parse(" a ")).toBe(" a ");
    expect(firstMessage(personNameSchema.safeParse("\u0000"))).toBe("text.oneLine");
    expect(firstMessage(optionalText(100).safeParse("a\nb"))).toBe("text.oneLine");
    expect(firstMessage(passwordSchema.safeParse("geheim\u0000123"))).toBe("password.controlCharacters");
    expect(passwordSchema.parse(" geheim 123 ")).toBe(" geheim 123 ");
    expect(firstMessage(emailSchema.safeParse("anna@example.de\u0000"))).toBe("email.invalid");
  });

  it("multi-line text: keeps tabs and line breaks, refuses the other control characters", () => {
    const text = multiLineString();
    expect(text.parse("Zeile 1\r\n\tZeile 2\n")).toBe("Zeile 1\r\n\tZeile 2");
    for (const bad of ["a\u0000b", "a\u0007b", "a\u000bb", "a\u000cb", "a\u001bb", "a\u007fb"]) {
      expect(firstMessage(text.safeParse(bad)), JSON.stringify(bad)).toBe("text.controlCharacters");
    }
  });
});

describe("contact message", () => {
  const valid = {
    name: "Anna Muster",
    email: "anna@example.de",
    topic: "sales",
    message: "Wir haben drei Filialen und möchten starten.",
    privacy_accepted: true,
  };

  it("accepts a complete message and drops empty optional fields", () => {
    const parsed = contactMessageSchema.parse({ ...valid, phone: "", company: "" });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.company).toBeUndefined();
  });

  it("names the field and the message key of each problem", () => {
    const result = contactMessageSchema.safeParse({ ...valid, message: "kurz", privacy_accepted: false });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toEqual({ message: "contact.message.min", privacy_accepted: "contact.privacy.required" });
  });

  it("every message key it can produce exists in both languages", () => {
    const result = contactMessageSchema.safeParse({ topic: "x", phone: "?" });
    for (const issue of result.error!.issues) {
      expect(translate(issue.message, "de")).not.toBe(messages.de["input.invalid"]);
      expect(translate(issue.message, "en")).not.toBe(messages.en["input.invalid"]);
    }
  });
});

describe("messages", () => {
  it("has the same keys in de and en, none empty", () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.de).sort());
    for (const text of [...Object.values(messages.de), ...Object.values(messages.en)]) {
      expect(text.trim().length).toBeGreaterThan(0);
    }
  });

  it("uses the spec's wording", () => {
    expect(translate("iban.invalid", "en")).toBe("The entered IBAN is invalid.");
    expect(translate("error.notFound", "de")).toBe("Diese Seite konnte nicht gefunden werden.");
    expect(translate("no.such.key", "en")).toBe("Please check your input.");
  });
});

describe("localeFromLanguageList", () => {
  it("picks the best-ranked supported language", () => {
    expect(localeFromLanguageList("en-GB,en;q=0.9,de;q=0.8")).toBe("en");
    expect(localeFromLanguageList("fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4")).toBe("de");
    expect(localeFromLanguageList("de;q=0.1,en;q=0.9")).toBe("en");
    expect(localeFromLanguageList("fr,it")).toBeUndefined();
    expect(localeFromLanguageList(undefined)).toBeUndefined();
  });
});
