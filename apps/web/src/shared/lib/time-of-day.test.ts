import { describe, expect, it } from "vitest";
import { completedTime, isTimeOfDay, steppedTime, typedTime } from "./time-of-day.ts";

describe("typedTime", () => {
  it("inserts the colon after the hours while digits are typed", () => {
    expect(["0", "09", "093", "0930", "09301"].map(typedTime)).toEqual(["0", "09", "09:3", "09:30", "09:30"]);
  });

  it("keeps a typed colon or a dot, and drops letters", () => {
    expect(typedTime("9:3")).toBe("9:3");
    expect(typedTime("18.30")).toBe("18:30");
    expect(typedTime("9 Uhr")).toBe("9");
    expect(typedTime("7pm")).toBe("7");
    expect(typedTime("12:345")).toBe("12:34");
  });
});

describe("completedTime", () => {
  it("completes what people type to HH:MM in 24-hour form", () => {
    expect(completedTime("9")).toBe("09:00");
    expect(completedTime("930")).toBe("09:30");
    expect(completedTime("1800")).toBe("18:00");
    expect(completedTime("18:3")).toBe("18:30");
    expect(completedTime("7:05")).toBe("07:05");
    expect(completedTime("24")).toBe("24:00");
    expect(completedTime(" 22:00 ")).toBe("22:00");
  });

  it("leaves text that is no time of day for the field's message", () => {
    expect(completedTime("25:00")).toBe("25:00");
    expect(completedTime("24:30")).toBe("24:30");
    expect(completedTime("9:75")).toBe("9:75");
    expect(completedTime("")).toBe("");
    expect(isTimeOfDay("9:00")).toBe(false);
    expect(isTimeOfDay("24:00")).toBe(true);
  });
});

describe("steppedTime", () => {
  it("moves to the next quarter hour up or down and stays within the day", () => {
    expect(steppedTime("09:07", 1)).toBe("09:15");
    expect(steppedTime("09:07", -1)).toBe("09:00");
    expect(steppedTime("09:00", 1)).toBe("09:15");
    expect(steppedTime("23:45", 1)).toBe("24:00");
    expect(steppedTime("24:00", 1)).toBe("24:00");
    expect(steppedTime("00:00", -1)).toBe("00:00");
    expect(steppedTime("9", 1)).toBe("09:15");
    expect(steppedTime("abc", 1)).toBe("abc");
  });
});
