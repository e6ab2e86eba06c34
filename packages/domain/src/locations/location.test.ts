import { describe, expect, it } from "vitest";
import { locationPinSchema, locationSchema, workingHoursSchema } from "./location.ts";

const firstIssues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("workingHoursSchema", () => {
  it("accepts several ranges a day and closed days, and fills missing days as closed", () => {
    const hours = workingHoursSchema.parse({
      mon: [
        { from: "08:00", to: "12:00" },
        { from: "14:00", to: "18:30" },
      ],
      sun: [],
    });
    expect(hours.mon).toHaveLength(2);
    expect(hours.tue).toEqual([]);
    expect(workingHoursSchema.parse({ fri: [{ from: "18:00", to: "24:00" }] }).fri).toHaveLength(1);
  });

  it("refuses bad times, reversed and overlapping ranges, and too many ranges", () => {
    expect(firstIssues(workingHoursSchema.safeParse({ mon: [{ from: "8", to: "12:00" }] }))).toEqual({
      "mon.0.from": "hours.format",
    });
    expect(
      firstIssues(workingHoursSchema.safeParse({ mon: [{ from: "25:00", to: "26:00" }] }))["mon.0.from"],
    ).toBe("hours.format");
    expect(firstIssues(workingHoursSchema.safeParse({ tue: [{ from: "18:00", to: "09:00" }] }))).toEqual({
      "tue.0.to": "hours.order",
    });
    expect(
      firstIssues(
        workingHoursSchema.safeParse({
          wed: [
            { from: "08:00", to: "12:00" },
            { from: "11:00", to: "15:00" },
          ],
        }),
      ),
    ).toEqual({ wed: "hours.overlap" });
    const five = Array.from({ length: 5 }, (_, i) => ({ from: `0${i}:00`, to: `0${i}:30` }));
    expect(firstIssues(workingHoursSchema.safeParse({ thu: five }))).toEqual({ thu: "hours.tooMany" });
  });
});

describe("locationSchema", () => {
  const valid = { name: "Café am Dom", street: "Domkloster", building: "4", postcode: "50667", city: "Köln" };

  it("accepts a location with defaults and normalises an empty phone", () => {
    const parsed = locationSchema.parse({ ...valid, phone_number: "" });
    expect(parsed).toMatchObject({ country: "DE", is_closed: false });
    expect(parsed.phone_number).toBeUndefined();
    expect(parsed.working_hours.mon).toEqual([]);
  });

  it("names each bad field", () => {
    expect(firstIssues(locationSchema.safeParse({ ...valid, name: "A" }))).toEqual({ name: "location.name" });
    expect(firstIssues(locationSchema.safeParse({ ...valid, postcode: "ABC" }))).toEqual({
      postcode: "postcode.invalid",
    });
    expect(firstIssues(locationSchema.safeParse({ ...valid, street: "" }))).toEqual({
      street: "address.incomplete",
    });
  });
});

describe("locationPinSchema", () => {
  it("takes exactly four digits and a limit within bounds", () => {
    expect(locationPinSchema.safeParse({ pin: "0421", limit_count: 2, limit_hours: 24 }).success).toBe(true);
    expect(
      firstIssues(locationPinSchema.safeParse({ pin: "12a4", limit_count: 0, limit_hours: 200 })),
    ).toEqual({
      pin: "pin.invalid",
      limit_count: "pinLimit.count",
      limit_hours: "pinLimit.hours",
    });
  });
});
