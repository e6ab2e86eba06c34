import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "../contact/contact-message.ts";
import { localeFromLanguageList } from "../locales.ts";
import { companyNameSchema, emailSchema, passwordSchema, phoneSchema } from "./fields.ts";
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

  it("phone: digits with usual separators", () => {
    expect(phoneSchema.safeParse("030 1234567").success).toBe(true);
    expect(phoneSchema.safeParse("+49 (0)30/123-4567").success).toBe(true);
    expect(firstMessage(phoneSchema.safeParse("call me"))).toBe("phone.invalid");
    expect(firstMessage(phoneSchema.safeParse("12"))).toBe("phone.invalid");
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
