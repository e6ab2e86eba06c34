import { describe, expect, it } from "vitest";
import { longDayText, shortDayText } from "./day-text.ts";

describe("day texts of the mails", () => {
  it("write the calendar day itself, in the mail's language", () => {
    expect(shortDayText("2026-03-01", "de")).toBe("01.03.2026");
    expect(shortDayText("2026-03-01", "en")).toBe("1 March 2026");
    expect(longDayText("2026-12-31", "de")).toBe("31. Dezember 2026");
    expect(longDayText("2026-12-31", "en")).toBe("31 December 2026");
  });
});
