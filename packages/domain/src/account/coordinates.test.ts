import { describe, expect, it } from "vitest";
import { locationSchema } from "../locations/location.ts";
import { companyEditSchemas } from "./company.ts";
import { positionQuerySchema } from "./coordinates.ts";
import { registerSchema, registerSteps } from "./register.ts";

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const location = {
  name: "Café am Markt",
  street: "Marktplatz",
  building: "3",
  postcode: "50667",
  city: "Köln",
};
const address = { street: "Ring", building: "1", postcode: "50667", city: "Köln", country: "DE" };
const registration = {
  company_name: "Bäckerei Korn",
  legal_form_id: 1,
  email: "korn@example.de",
  password: "geheim123",
  password_confirmation: "geheim123",
  ...address,
  phone_number: "221 987654",
  contract_accepted: true,
};

describe("coordinates on locations, the business address and the registration", () => {
  it("accept a pin inside the ranges, also at the edges, and no pin at all", () => {
    expect(locationSchema.parse({ ...location, latitude: 50.9375, longitude: 6.9603 })).toMatchObject({
      latitude: 50.9375,
      longitude: 6.9603,
    });
    expect(locationSchema.safeParse({ ...location, latitude: -90, longitude: 180 }).success).toBe(true);
    const without = locationSchema.parse(location);
    expect(without.latitude).toBeUndefined();
    expect(companyEditSchemas.address.safeParse({ ...address, latitude: 0, longitude: 0 }).success).toBe(
      true,
    );
    expect(registerSchema.safeParse({ ...registration, latitude: 50.9, longitude: 6.9 }).success).toBe(true);
  });

  it("refuse out-of-range numbers, text, NaN and infinity on the field", () => {
    expect(issues(locationSchema.safeParse({ ...location, latitude: 90.0001, longitude: 6.9 }))).toEqual({
      latitude: "coordinates.latitude",
    });
    expect(issues(locationSchema.safeParse({ ...location, latitude: 50, longitude: -180.5 }))).toEqual({
      longitude: "coordinates.longitude",
    });
    expect(issues(locationSchema.safeParse({ ...location, latitude: "50.9", longitude: 6.9 }))).toEqual({
      latitude: "coordinates.latitude",
    });
    expect(issues(locationSchema.safeParse({ ...location, latitude: Number.NaN, longitude: 6.9 }))).toEqual({
      latitude: "coordinates.latitude",
    });
    expect(
      issues(
        companyEditSchemas.address.safeParse({
          ...address,
          latitude: 1,
          longitude: Number.POSITIVE_INFINITY,
        }),
      ),
    ).toEqual({ longitude: "coordinates.longitude" });
    expect(issues(registerSchema.safeParse({ ...registration, latitude: -91, longitude: 6.9 }))).toEqual({
      latitude: "coordinates.latitude",
    });
  });

  it("want both numbers of a pin and name the missing one", () => {
    expect(issues(locationSchema.safeParse({ ...location, latitude: 50.9 }))).toEqual({
      longitude: "coordinates.pair",
    });
    expect(issues(companyEditSchemas.address.safeParse({ ...address, longitude: 6.9 }))).toEqual({
      latitude: "coordinates.pair",
    });
    expect(issues(registerSchema.safeParse({ ...registration, longitude: 6.9 }))).toEqual({
      latitude: "coordinates.pair",
    });
    // The registration wizard's address step checks it before the next step opens.
    const step = registerSteps[2].safeParse({ ...address, phone_number: "221 987654", latitude: 50.9 });
    expect(issues(step)).toEqual({ longitude: "coordinates.pair" });
  });

  it("the position look-up takes a country code and optional postcode and town", () => {
    expect(positionQuerySchema.parse({ country: "DE", postcode: " 50667 " })).toEqual({
      country: "DE",
      postcode: "50667",
      city: "",
    });
    expect(issues(positionQuerySchema.safeParse({ country: "Deutschland" }))).toEqual({
      country: "country.invalid",
    });
  });
});
