import { describe, expect, it } from "vitest";
import { COMPANY_EDIT_GROUPS, companyEditSchemas } from "./company.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }));

describe("companyEditSchemas: one field group per edit dialog", () => {
  it("has the groups of the company page", () => {
    expect(COMPANY_EDIT_GROUPS).toEqual(["company_name", "legal_form", "vat", "address", "phone", "contact"]);
  });

  it("company_name: 2 to 50 characters, trimmed", () => {
    expect(companyEditSchemas.company_name.parse({ company_name: " Café Sonne " })).toEqual({
      company_name: "Café Sonne",
    });
    expect(issues(companyEditSchemas.company_name.safeParse({ company_name: "A" }))).toEqual([
      { path: "company_name", message: "companyName.min" },
    ]);
    expect(issues(companyEditSchemas.company_name.safeParse({ company_name: "x".repeat(51) }))).toEqual([
      { path: "company_name", message: "companyName.max" },
    ]);
    expect(issues(companyEditSchemas.company_name.safeParse({}))).toEqual([
      { path: "company_name", message: "companyName.min" },
    ]);
  });

  it("legal_form: a positive id (a form field's string is accepted)", () => {
    expect(companyEditSchemas.legal_form.parse({ legal_form_id: "3" })).toEqual({ legal_form_id: 3 });
    for (const bad of [0, -1, 1.5, "abc", undefined]) {
      expect(issues(companyEditSchemas.legal_form.safeParse({ legal_form_id: bad })), String(bad)).toEqual([
        { path: "legal_form_id", message: "legalForm.required" },
      ]);
    }
  });

  it("vat: normalised, empty clears it, wrong shapes are refused", () => {
    expect(companyEditSchemas.vat.parse({ vat: "de 123 456 789" })).toEqual({ vat: "DE123456789" });
    expect(companyEditSchemas.vat.parse({ vat: "" })).toEqual({ vat: undefined });
    expect(issues(companyEditSchemas.vat.safeParse({ vat: "123" }))).toEqual([
      { path: "vat", message: "vat.invalid" },
    ]);
  });

  it("address: every part required, the postcode in the country's shape", () => {
    const valid = { street: "Ehrenstraße", building: "42", postcode: "50672", city: "Köln", country: "DE" };
    expect(companyEditSchemas.address.parse(valid)).toEqual(valid);
    expect(companyEditSchemas.address.parse({ ...valid, country: undefined }).country).toBe("DE");
    expect(companyEditSchemas.address.parse({ ...valid, country: "AT", postcode: "1010" }).postcode).toBe(
      "1010",
    );
    expect(issues(companyEditSchemas.address.safeParse({ ...valid, street: " ", city: "" }))).toEqual([
      { path: "street", message: "address.incomplete" },
      { path: "city", message: "address.incomplete" },
    ]);
    expect(issues(companyEditSchemas.address.safeParse({ ...valid, postcode: "1010" }))).toEqual([
      { path: "postcode", message: "postcode.invalid" },
    ]);
    expect(issues(companyEditSchemas.address.safeParse({ ...valid, country: "US" }))).toEqual([
      { path: "country", message: "country.invalid" },
    ]);
  });

  it("phone: one number, stored as E.164", () => {
    expect(companyEditSchemas.phone.parse({ phone_number: "0221 1234567" })).toEqual({
      phone_number: "+492211234567",
    });
    // The API shows each message of a field once.
    expect(
      new Set(
        issues(companyEditSchemas.phone.safeParse({ phone_number: "call me" }))?.map((i) =>
          JSON.stringify(i),
        ),
      ),
    ).toEqual(new Set([JSON.stringify({ path: "phone_number", message: "phone.invalid" })]));
  });

  it("contact: first name, surname and phone of the contact person", () => {
    const valid = { first_name: "Mara", surname: "Sonnenschein", phone: "+49 221 1234567" };
    expect(companyEditSchemas.contact.parse(valid)).toEqual({ ...valid, phone: "+492211234567" });
    expect(
      issues(companyEditSchemas.contact.safeParse({ first_name: "M", surname: "", phone: "12" })),
    ).toEqual([
      { path: "first_name", message: "name.min" },
      { path: "surname", message: "name.min" },
      { path: "phone", message: "phone.invalid" },
    ]);
  });
});
