import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "../contact/contact-message.ts";
import { locationSchema } from "../locations/location.ts";
import { messages, translate } from "./messages.ts";
import { formatPhone, normalisePhone, optionalPhoneSchema, phoneSchema } from "./phone.ts";

describe("normalisePhone", () => {
  it("reads what people type as one E.164 number, German without a country code", () => {
    for (const typed of [
      "0221 1234567",
      "+49 221 1234567",
      "0049 221 1234567",
      "(0221) 123 45 67",
      "0221/1234567",
      "0221-123 45-67",
      "0221.123.45.67",
      "+49 (0)221 1234567",
      "+49 (0) 221 / 123 45 - 67",
      "221 1234567",
      "  0221 1234567  ",
    ]) {
      expect(normalisePhone(typed), typed).toBe("+492211234567");
    }
    expect(normalisePhone("0170 1234567")).toBe("+491701234567");
    expect(normalisePhone("030 6912345")).toBe("+49306912345");
  });

  it("keeps numbers of other countries typed with their code", () => {
    expect(normalisePhone("+43 1 234567")).toBe("+431234567");
    expect(normalisePhone("0043 1 234567")).toBe("+431234567");
    expect(normalisePhone("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses what is no number, too short or too long, text around it and extensions", () => {
    for (const bad of [
      "",
      "abc",
      "12",
      "0221 1",
      "0176 12",
      "1111111",
      "0221 1234567890123",
      "+49 +49 221 1234567",
      "Tel. 0221 1234567",
      "0221 1234567 ext. 12",
      "0221 1234567#5",
    ]) {
      expect(normalisePhone(bad), bad).toBeUndefined();
    }
  });
});

describe("formatPhone", () => {
  it("shows a stored number in international format", () => {
    expect(formatPhone("+492211234567")).toBe("+49 221 1234567");
    expect(formatPhone("+491701234567")).toBe("+49 170 1234567");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
  });

  it("shows a value that is no valid number as it is stored", () => {
    expect(formatPhone("+49 +49 ruf an")).toBe("+49 +49 ruf an");
    expect(formatPhone("12")).toBe("12");
  });

  it("formats what normalisePhone made, so a typed number reads the same after saving", () => {
    expect(formatPhone(normalisePhone("0221 1234567")!)).toBe("+49 221 1234567");
    expect(normalisePhone(formatPhone("+492211234567"))).toBe("+492211234567");
  });
});

describe("phone schemas", () => {
  const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it("phoneSchema: a required number, E.164 out, one message for every bad value", () => {
    expect(phoneSchema.parse("(0221) 123 45 67")).toBe("+492211234567");
    for (const bad of ["", "12", "call me", 42, null, "0".repeat(41)]) {
      expect(firstMessage(phoneSchema.safeParse(bad)), String(bad)).toBe("phone.invalid");
    }
    expect(firstMessage(phoneSchema.safeParse("0221\n1234567"))).toBe("text.oneLine");
  });

  it("optionalPhoneSchema: blank and missing are no number", () => {
    expect(optionalPhoneSchema.parse(undefined)).toBeUndefined();
    expect(optionalPhoneSchema.parse("   ")).toBeUndefined();
    expect(optionalPhoneSchema.parse("0049 221 1234567")).toBe("+492211234567");
    expect(firstMessage(optionalPhoneSchema.safeParse("0221"))).toBe("phone.invalid");
  });

  it("the location payload stores E.164 and names the field of a bad number", () => {
    const valid = {
      name: "Café am Dom",
      street: "Domkloster",
      building: "4",
      postcode: "50667",
      city: "Köln",
    };
    expect(locationSchema.parse({ ...valid, phone_number: "0221 1234567" }).phone_number).toBe(
      "+492211234567",
    );
    const result = locationSchema.safeParse({ ...valid, phone_number: "+49 +49 221 1234567" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["phone_number", "phone.invalid"],
    ]);
    expect(contactMessageSchema.shape.phone.parse("0221 1234567")).toBe("+492211234567");
  });

  it("the message names an example number in both languages", () => {
    expect(translate("phone.invalid", "de")).toBe(
      "Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0221 1234567.",
    );
    expect(messages.en["phone.invalid"]).toBe(
      "Please enter a valid phone number with its area code, e.g. 0221 1234567.",
    );
  });
});
