import { describe, expect, it } from "vitest";
import { WEEKDAYS } from "../locations/location.ts";
import { type DisplayTimes, menuTimeZone, visibleAt, wallClock } from "./visibility.ts";

const BERLIN = "Europe/Berlin";
const shown = (display_times: DisplayTimes | null, at: string, zone = BERLIN) =>
  visibleAt({ hidden: false, display_times }, new Date(at), zone);

describe("visibleAt", () => {
  it("hidden is never shown, with or without a schedule", () => {
    const at = new Date("2026-11-25T12:00:00Z");
    expect(visibleAt({ hidden: true, display_times: null }, at, BERLIN)).toBe(false);
    const always = { windows: [{ days: [...WEEKDAYS], from: "00:00", to: "24:00" }] };
    expect(visibleAt({ hidden: true, display_times: always }, at, BERLIN)).toBe(false);
  });

  it("without a schedule is always shown", () => {
    expect(shown(null, "2026-11-25T03:17:00Z")).toBe(true);
  });

  it("reads every weekday on the zone's wall clock", () => {
    // Monday 2026-11-23 to Sunday 2026-11-29, 12:00 in Berlin (11:00 UTC, winter time).
    WEEKDAYS.forEach((day, i) => {
      const at = `2026-11-${String(23 + i).padStart(2, "0")}T11:00:00Z`;
      expect(wallClock(new Date(at), BERLIN)).toEqual({ day, minute: 12 * 60 });
      expect(shown({ windows: [{ days: [day], from: "11:30", to: "14:00" }] }, at)).toBe(true);
      const others = WEEKDAYS.filter((d) => d !== day);
      expect(shown({ windows: [{ days: others, from: "11:30", to: "14:00" }] }, at)).toBe(false);
    });
  });

  it("includes from and excludes to", () => {
    const lunch = { windows: [{ days: ["wed" as const], from: "11:30", to: "14:00" }] };
    expect(shown(lunch, "2026-11-25T10:29:00Z")).toBe(false); // 11:29
    expect(shown(lunch, "2026-11-25T10:30:00Z")).toBe(true); // 11:30
    expect(shown(lunch, "2026-11-25T12:59:59Z")).toBe(true); // 13:59:59
    expect(shown(lunch, "2026-11-25T13:00:00Z")).toBe(false); // 14:00
  });

  it("23:59 and 00:00 belong to different days", () => {
    const wedUntilMidnight = { windows: [{ days: ["wed" as const], from: "18:00", to: "24:00" }] };
    expect(shown(wedUntilMidnight, "2026-11-25T22:59:00Z")).toBe(true); // Wed 23:59
    expect(shown(wedUntilMidnight, "2026-11-25T23:00:00Z")).toBe(false); // Thu 00:00
    const thuFromMidnight = { windows: [{ days: ["thu" as const], from: "00:00", to: "06:00" }] };
    expect(shown(thuFromMidnight, "2026-11-25T22:59:00Z")).toBe(false); // Wed 23:59
    expect(shown(thuFromMidnight, "2026-11-25T23:00:00Z")).toBe(true); // Thu 00:00
  });

  it("a window to 00:00 ends at midnight and shows nothing of the next day", () => {
    const evening = { windows: [{ days: ["wed" as const], from: "18:00", to: "00:00" }] };
    expect(shown(evening, "2026-11-25T22:59:00Z")).toBe(true); // Wed 23:59
    expect(shown(evening, "2026-11-25T23:00:00Z")).toBe(false); // Thu 00:00
    expect(shown(evening, "2026-11-26T17:30:00Z")).toBe(false); // Thu 18:30
  });

  it("a window ending before it starts runs past midnight and belongs to its starting day", () => {
    const fridayNight = { windows: [{ days: ["fri" as const], from: "22:00", to: "02:00" }] };
    expect(shown(fridayNight, "2026-11-27T20:59:00Z")).toBe(false); // Fri 21:59
    expect(shown(fridayNight, "2026-11-27T21:00:00Z")).toBe(true); // Fri 22:00
    expect(shown(fridayNight, "2026-11-27T22:59:00Z")).toBe(true); // Fri 23:59
    expect(shown(fridayNight, "2026-11-27T23:00:00Z")).toBe(true); // Sat 00:00
    expect(shown(fridayNight, "2026-11-28T00:59:00Z")).toBe(true); // Sat 01:59
    expect(shown(fridayNight, "2026-11-28T01:00:00Z")).toBe(false); // Sat 02:00
    // Saturday night is not scheduled, and Thursday's night before Friday is not either.
    expect(shown(fridayNight, "2026-11-28T21:30:00Z")).toBe(false); // Sat 22:30
    expect(shown(fridayNight, "2026-11-26T23:30:00Z")).toBe(false); // Fri 00:30
    // Sunday into Monday wraps the week.
    const sundayNight = { windows: [{ days: ["sun" as const], from: "20:00", to: "01:00" }] };
    expect(shown(sundayNight, "2026-11-29T23:30:00Z")).toBe(true); // Mon 00:30
    expect(shown(sundayNight, "2026-11-23T23:30:00Z")).toBe(false); // Tue 00:30
  });

  it("to equal to from is a whole day from that time", () => {
    const around = { windows: [{ days: ["mon" as const], from: "06:00", to: "06:00" }] };
    expect(shown(around, "2026-11-23T05:00:00Z")).toBe(true); // Mon 06:00
    expect(shown(around, "2026-11-24T04:59:00Z")).toBe(true); // Tue 05:59
    expect(shown(around, "2026-11-24T05:00:00Z")).toBe(false); // Tue 06:00
  });

  it("any of several windows", () => {
    const meals = {
      windows: [
        { days: ["mon" as const, "tue" as const], from: "11:30", to: "14:00" },
        { days: ["sat" as const], from: "18:00", to: "23:00" },
      ],
    };
    expect(shown(meals, "2026-11-24T11:00:00Z")).toBe(true); // Tue 12:00
    expect(shown(meals, "2026-11-28T18:00:00Z")).toBe(true); // Sat 19:00
    expect(shown(meals, "2026-11-28T11:00:00Z")).toBe(false); // Sat 12:00
  });

  it("spring forward: 02:30 does not exist on the last Sunday of March, so 02:00–03:00 is empty", () => {
    const gap = { windows: [{ days: ["sun" as const], from: "02:00", to: "03:00" }] };
    // 2027-03-28: 01:59 CET (00:59 UTC), then 03:00 CEST (01:00 UTC).
    expect(wallClock(new Date("2027-03-28T00:59:00Z"), BERLIN)).toEqual({ day: "sun", minute: 119 });
    expect(wallClock(new Date("2027-03-28T01:00:00Z"), BERLIN)).toEqual({ day: "sun", minute: 180 });
    for (let m = 0; m <= 120; m += 5) {
      const at = new Date(Date.UTC(2027, 2, 28, 0, 0) + m * 60_000);
      expect(visibleAt({ hidden: false, display_times: gap }, at, BERLIN)).toBe(false);
    }
    // The next Sunday the window is an hour long again (02:30 CEST = 00:30 UTC).
    expect(shown(gap, "2027-04-04T00:30:00Z")).toBe(true);
    // A window across the gap shows on both sides of it.
    const night = { windows: [{ days: ["sun" as const], from: "01:00", to: "04:00" }] };
    expect(shown(night, "2027-03-28T00:30:00Z")).toBe(true); // 01:30 CET
    expect(shown(night, "2027-03-28T01:30:00Z")).toBe(true); // 03:30 CEST
  });

  it("fall back: 02:30 happens twice on the last Sunday of October, visible both times", () => {
    const repeat = { windows: [{ days: ["sun" as const], from: "02:00", to: "03:00" }] };
    // 2026-10-25: 02:30 CEST = 00:30 UTC, 02:30 CET = 01:30 UTC.
    expect(wallClock(new Date("2026-10-25T00:30:00Z"), BERLIN)).toEqual({ day: "sun", minute: 150 });
    expect(wallClock(new Date("2026-10-25T01:30:00Z"), BERLIN)).toEqual({ day: "sun", minute: 150 });
    expect(shown(repeat, "2026-10-25T00:30:00Z")).toBe(true);
    expect(shown(repeat, "2026-10-25T01:30:00Z")).toBe(true);
    expect(shown(repeat, "2026-10-24T23:59:00Z")).toBe(false); // 01:59 CEST
    expect(shown(repeat, "2026-10-25T02:00:00Z")).toBe(false); // 03:00 CET
  });

  it("uses the zone it is given", () => {
    const lunch = { windows: [{ days: ["wed" as const], from: "12:00", to: "13:00" }] };
    // 11:30 UTC in winter: 12:30 in Berlin, 11:30 in London, 06:30 in New York.
    expect(shown(lunch, "2026-11-25T11:30:00Z", "Europe/Berlin")).toBe(true);
    expect(shown(lunch, "2026-11-25T11:30:00Z", "Europe/London")).toBe(false);
    expect(shown(lunch, "2026-11-25T12:30:00Z", "Europe/London")).toBe(true);
    expect(shown(lunch, "2026-11-25T17:30:00Z", "America/New_York")).toBe(true);
    // New York's day is still Tuesday at 02:00 UTC on Wednesday.
    const tuesdayEvening = { windows: [{ days: ["tue" as const], from: "20:00", to: "22:00" }] };
    expect(shown(tuesdayEvening, "2026-11-25T02:00:00Z", "America/New_York")).toBe(true);
    expect(shown(tuesdayEvening, "2026-11-25T02:00:00Z", "Europe/Berlin")).toBe(false);
  });
});

describe("menuTimeZone", () => {
  it("maps the location's country, Berlin otherwise", () => {
    expect(menuTimeZone("DE")).toBe("Europe/Berlin");
    expect(menuTimeZone("AT")).toBe("Europe/Vienna");
    expect(menuTimeZone("CH")).toBe("Europe/Zurich");
    expect(menuTimeZone("FR")).toBe("Europe/Paris");
    expect(menuTimeZone("it")).toBe("Europe/Rome");
    expect(menuTimeZone("NL")).toBe("Europe/Berlin");
    expect(menuTimeZone(null)).toBe("Europe/Berlin");
  });
});
