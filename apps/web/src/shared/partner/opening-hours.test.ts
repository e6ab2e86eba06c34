import { emptyWorkingHours, type WorkingHours } from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { copyHours } from "./opening-hours.ts";

const hours = (): WorkingHours => ({
  ...emptyWorkingHours(),
  mon: [
    { from: "08:00", to: "12:00" },
    { from: "14:00", to: "18:00" },
  ],
  sat: [{ from: "09:00", to: "13:00" }],
});

describe("copyHours", () => {
  it("copies a day's ranges to Monday to Friday and leaves the weekend", () => {
    const copied = copyHours(hours(), "mon", "weekdays");
    for (const day of ["mon", "tue", "wed", "thu", "fri"] as const) expect(copied[day]).toEqual(hours().mon);
    expect(copied.sat).toEqual([{ from: "09:00", to: "13:00" }]);
    expect(copied.sun).toEqual([]);
  });

  it("copies a day to every day, a closed day too", () => {
    expect(Object.values(copyHours(hours(), "sat", "all"))).toEqual(Array(7).fill(hours().sat));
    expect(Object.values(copyHours(hours(), "sun", "all"))).toEqual(Array(7).fill([]));
  });

  it("gives every day its own ranges, so changing one day later leaves the others", () => {
    const copied = copyHours(hours(), "mon", "all");
    expect(copied.tue).not.toBe(copied.mon);
    expect(copied.tue[0]).not.toBe(copied.mon[0]);
  });
});
