import fc from "fast-check";
import { composeIBAN } from "ibantools";
import { describe, expect, it } from "vitest";
import {
  compactIban,
  formatIban,
  ibanSchema,
  mandateReference,
  maskIban,
  paymentDetailsSchema,
  sepaMandateText,
} from "./payment-details.ts";

const VALID = "DE89370400440532013000";
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

/** Valid German IBANs: 18 random BBAN digits with the check digits computed by ibantools. */
const germanIban = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 })
  .map((digits) => composeIBAN({ countryCode: "DE", bban: digits.join("") })!);

describe("IBAN", () => {
  it("accepts a valid IBAN with spaces, dashes and in lower case, stored compact in upper case", () => {
    for (const typed of [
      VALID,
      "DE89 3704 0044 0532 0130 00",
      "de89 3704 0044 0532 0130 00",
      "de89-3704-0044-0532-0130-00",
      "  DE89370400440532013000 ",
    ]) {
      expect(ibanSchema.parse(typed), typed).toBe(VALID);
    }
    // Other countries, other lengths.
    expect(ibanSchema.parse("AT61 1904 3002 3457 3201")).toBe("AT611904300234573201");
    expect(ibanSchema.parse("nl91abna0417164300")).toBe("NL91ABNA0417164300");
  });

  it("refuses a wrong checksum, a wrong length, letters in a German BBAN and non-strings", () => {
    for (const bad of [
      "DE89370400440532013001", // checksum
      "DE88370400440532013000", // check digits
      "DE8937040044053201300", // too short
      "DE893704004405320130000", // too long
      "DE89370400440532O13000", // letter O for zero
      "XX89370400440532013000", // no such country
      "DE89.3704.0044.0532.0130.00", // dots are not separators
      "",
      "   ",
      null,
      12345,
    ]) {
      expect(firstMessage(ibanSchema.safeParse(bad)), String(bad)).toBe("iban.invalid");
    }
  });

  it("property: every IBAN with correct check digits is valid; changing one digit makes it invalid", () => {
    fc.assert(
      fc.property(germanIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, delta) => {
        expect(ibanSchema.safeParse(iban).success).toBe(true);
        expect(ibanSchema.safeParse(formatIban(iban).toLowerCase()).data).toBe(iban);
        // MOD 97-10 finds every single substitution.
        const index = 2 + (at % (iban.length - 2));
        const digit = (Number(iban[index]) + delta) % 10;
        const broken = `${iban.slice(0, index)}${digit}${iban.slice(index + 1)}`;
        expect(ibanSchema.safeParse(broken).success).toBe(false);
      }),
    );
  });

  it("compactIban removes spaces and dashes only", () => {
    expect(compactIban("de89 3704-0044 0532 0130 00")).toBe(VALID);
  });
});

describe("formatIban", () => {
  it("groups by four while the partner types", () => {
    expect(formatIban("")).toBe("");
    expect(formatIban("d")).toBe("D");
    expect(formatIban("de89")).toBe("DE89");
    expect(formatIban("de893")).toBe("DE89 3");
    expect(formatIban("DE89 37")).toBe("DE89 37");
    expect(formatIban("DE89 3704 ")).toBe("DE89 3704");
    expect(formatIban("de89-3704.0044")).toBe("DE89 3704 0044");
    expect(formatIban(VALID)).toBe("DE89 3704 0044 0532 0130 00");
    // Never longer than the longest IBAN (34 characters).
    expect(formatIban("A".repeat(40)).replace(/ /g, "")).toHaveLength(34);
  });

  it("property: every prefix typed so far formats to a prefix of the whole; formatting twice changes nothing", () => {
    fc.assert(
      fc.property(germanIban, fc.nat(), (iban, cut) => {
        const whole = formatIban(iban);
        const typed = iban.slice(0, cut % (iban.length + 1));
        expect(whole.startsWith(formatIban(typed))).toBe(true);
        expect(formatIban(whole)).toBe(whole);
        expect(whole.replace(/ /g, "")).toBe(iban);
        expect(whole.split(" ").every((group, i, all) => group.length === 4 || i === all.length - 1)).toBe(
          true,
        );
      }),
    );
  });
});

describe("maskIban", () => {
  it("shows only the last four characters of the account (and the country)", () => {
    expect(maskIban(VALID)).toBe("DE•• •••• 3000");
    expect(maskIban("de89 3704 0044 0532 0130 00")).toBe("DE•• •••• 3000");
  });

  it("property: nothing of the IBAN but its country and its last four characters is shown", () => {
    fc.assert(
      fc.property(germanIban, (iban) => {
        const masked = maskIban(iban);
        expect(masked.endsWith(iban.slice(-4))).toBe(true);
        const shown = masked.replace(/[^A-Z0-9]/g, "");
        expect(shown).toBe(`DE${iban.slice(-4)}`);
        expect(masked).not.toContain(iban.slice(2, -4));
      }),
    );
  });
});

describe("mandate reference", () => {
  it("is readable and names company and sequence", () => {
    expect(mandateReference(42, 1)).toBe("STP-00000042-01");
    expect(mandateReference(42, 2)).toBe("STP-00000042-02");
  });

  it("property: at most 35 characters of the SEPA character set, unique per (company, sequence)", () => {
    const company = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    const sequence = fc.integer({ min: 1, max: 100_000 });
    fc.assert(
      fc.property(company, sequence, company, sequence, (c1, s1, c2, s2) => {
        const a = mandateReference(c1, s1);
        expect(a.length).toBeLessThanOrEqual(35);
        expect(a).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
        if (c1 !== c2 || s1 !== s2) expect(mandateReference(c2, s2)).not.toBe(a);
      }),
    );
    // The neighbours where padding could collide.
    const seen = new Set<string>();
    for (const c of [1, 9, 10, 99_999_999, 100_000_000, 123_456_789])
      for (const s of [1, 9, 10, 99, 100, 101]) seen.add(mandateReference(c, s));
    expect(seen.size).toBe(36);
  });
});

describe("payment details", () => {
  const valid = {
    account_holder: "Café Sonnenschein GmbH",
    iban: "de89 3704 0044 0532 0130 00",
    mandate_accepted: true,
  };

  it("accepts holder, IBAN and the accepted mandate; the IBAN compact", () => {
    expect(paymentDetailsSchema.parse(valid)).toEqual({ ...valid, iban: VALID });
  });

  it.each([
    ["account_holder", { account_holder: "Al" }, "accountHolder.min"],
    ["account_holder", { account_holder: "   Al   " }, "accountHolder.min"],
    ["account_holder", { account_holder: "x".repeat(71) }, "billing.default"],
    ["account_holder", { account_holder: undefined }, "accountHolder.min"],
    ["iban", { iban: "DE89370400440532013001" }, "iban.invalid"],
    ["iban", { iban: undefined }, "iban.invalid"],
    ["mandate_accepted", { mandate_accepted: false }, "mandate.required"],
    ["mandate_accepted", { mandate_accepted: "yes" }, "mandate.required"],
    ["mandate_accepted", { mandate_accepted: undefined }, "mandate.required"],
  ])("%s: %j -> %s", (field, change, message) => {
    const result = paymentDetailsSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});

describe("SEPA mandate text", () => {
  const creditor = {
    name: "Stempla GmbH",
    street: "Friedrichstraße 68",
    postcode: "10117",
    city: "Berlin",
    creditorId: "DE98ZZZ09999999999",
  };

  it("names creditor, creditor id and mandate reference, and the 8-week refund right, in both languages", () => {
    const de = sepaMandateText("de", creditor, "STP-00000042-01");
    const en = sepaMandateText("en", creditor, "STP-00000042-01");
    for (const text of [de, en]) {
      expect(text).toContain("Stempla GmbH, Friedrichstraße 68, 10117 Berlin");
      expect(text).toContain("DE98ZZZ09999999999");
      expect(text).toContain("STP-00000042-01");
    }
    expect(de).toContain("Gläubiger-Identifikationsnummer");
    expect(de).toContain("acht Wochen");
    expect(en).toContain("Creditor identifier");
    expect(en).toContain("eight weeks");
    expect(de).not.toBe(en);
  });
});
