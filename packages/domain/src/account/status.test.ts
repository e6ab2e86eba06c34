import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_STATUSES, type AccountStatus } from "./auth.ts";
import {
  missingRequirements,
  nextStatus,
  type SetupFacts,
  type StatusEvent,
  StatusTransitionError,
} from "./status.ts";

const complete: SetupFacts = {
  imprintComplete: true,
  contactComplete: true,
  billingComplete: true,
  locations: 1,
  cardComplete: true,
  sepaMandate: true,
};
const incomplete: SetupFacts = { ...complete, sepaMandate: false };
const facts = fc.record({
  imprintComplete: fc.boolean(),
  contactComplete: fc.boolean(),
  billingComplete: fc.boolean(),
  locations: fc.nat(5),
  cardComplete: fc.boolean(),
  sepaMandate: fc.boolean(),
});
const events: fc.Arbitrary<StatusEvent> = fc.oneof(
  fc.boolean().map((reviewedDataChanged) => ({ type: "data_changed" as const, reviewedDataChanged })),
  fc.constantFrom<StatusEvent>(
    { type: "approved" },
    { type: "blocked" },
    { type: "unblocked" },
    { type: "invitation_accepted" },
  ),
);

describe("missingRequirements", () => {
  it("names each requirement of spec section 4 that is not met, in a fixed order", () => {
    expect(missingRequirements(complete)).toEqual([]);
    expect(missingRequirements({ ...complete, locations: 0, cardComplete: false })).toEqual([
      "location",
      "card",
    ]);
    expect(
      missingRequirements({
        imprintComplete: false,
        contactComplete: false,
        billingComplete: false,
        locations: 0,
        cardComplete: false,
        sepaMandate: false,
      }),
    ).toEqual(["imprint", "contact", "billing", "location", "card", "sepa"]);
  });
});

describe("nextStatus", () => {
  it("gray moves to yellow by itself when the last requirement arrives, and back when one goes", () => {
    const change = { type: "data_changed", reviewedDataChanged: false } as const;
    expect(nextStatus("gray", change, incomplete, false)).toBe("gray");
    expect(nextStatus("gray", change, complete, false)).toBe("yellow");
    expect(nextStatus("yellow", change, incomplete, false)).toBe("gray");
  });

  it("the provider team approves yellow and orange to green", () => {
    expect(nextStatus("yellow", { type: "approved" }, complete, false)).toBe("green");
    expect(nextStatus("orange", { type: "approved" }, complete, true)).toBe("green");
    for (const from of ["gray", "green", "red", "black"] as const) {
      expect(() => nextStatus(from, { type: "approved" }, complete, true)).toThrow(StatusTransitionError);
    }
    // Data that went missing during the review cannot be approved.
    expect(() => nextStatus("orange", { type: "approved" }, incomplete, true)).toThrow(StatusTransitionError);
  });

  it("changing reviewed data while green goes to orange; other changes keep green", () => {
    expect(nextStatus("green", { type: "data_changed", reviewedDataChanged: true }, complete, true)).toBe(
      "orange",
    );
    expect(nextStatus("green", { type: "data_changed", reviewedDataChanged: false }, complete, true)).toBe(
      "green",
    );
    expect(nextStatus("orange", { type: "data_changed", reviewedDataChanged: true }, complete, true)).toBe(
      "orange",
    );
  });

  it("blocking is possible from every reviewed or set-up state; unblocking returns to review or set-up", () => {
    for (const from of ["gray", "yellow", "green", "orange"] as const) {
      expect(nextStatus(from, { type: "blocked" }, complete, false)).toBe("red");
    }
    expect(nextStatus("red", { type: "unblocked" }, complete, false)).toBe("yellow");
    expect(nextStatus("red", { type: "unblocked" }, complete, true)).toBe("orange");
    expect(nextStatus("red", { type: "unblocked" }, incomplete, true)).toBe("gray");
    expect(() => nextStatus("green", { type: "unblocked" }, complete, true)).toThrow(StatusTransitionError);
    // A red account's data changes do not unblock it.
    expect(nextStatus("red", { type: "data_changed", reviewedDataChanged: true }, complete, true)).toBe(
      "red",
    );
  });

  it("an invited franchisee (black) becomes gray or yellow when it registers", () => {
    expect(nextStatus("black", { type: "invitation_accepted" }, incomplete, false)).toBe("gray");
    expect(nextStatus("black", { type: "invitation_accepted" }, complete, false)).toBe("yellow");
    expect(() => nextStatus("gray", { type: "invitation_accepted" }, complete, false)).toThrow(
      StatusTransitionError,
    );
  });

  it("never reaches green without the provider team, and never leaves red without it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AccountStatus>(...ACCOUNT_STATUSES),
        events,
        facts,
        fc.boolean(),
        (from, event, f, approved) => {
          let to: AccountStatus;
          try {
            to = nextStatus(from, event, f, approved);
          } catch (error) {
            expect(error).toBeInstanceOf(StatusTransitionError);
            return;
          }
          expect(ACCOUNT_STATUSES).toContain(to);
          if (to === "green" && from !== "green") expect(event.type).toBe("approved");
          if (from === "red" && to !== "red") expect(event.type).toBe("unblocked");
          if (to === "yellow" || to === "green")
            expect(missingRequirements(f).length === 0 || from === "green").toBe(true);
        },
      ),
    );
  });
});

describe("nextStatus: every transition", () => {
  type Row = [
    from: AccountStatus,
    event: StatusEvent,
    complete: boolean,
    approvedBefore: boolean,
    to: AccountStatus | "error",
  ];
  const changed = { type: "data_changed", reviewedDataChanged: true } as const;
  const other = { type: "data_changed", reviewedDataChanged: false } as const;
  const approved = { type: "approved" } as const;
  const blocked = { type: "blocked" } as const;
  const unblocked = { type: "unblocked" } as const;
  const invited = { type: "invitation_accepted" } as const;
  // Each (colour, event, data complete?, approved before?) with its result; the test below checks
  // that the table covers every combination, so a new colour or event cannot go untested.
  const table: Row[] = [];
  for (const approvedBefore of [false, true]) {
    for (const complete of [false, true]) {
      const add = (from: AccountStatus, event: StatusEvent, to: AccountStatus | "error") =>
        table.push([from, event, complete, approvedBefore, to]);
      const setUp = complete ? "yellow" : "gray";
      // black: invited franchisee
      add("black", changed, "black");
      add("black", other, "black");
      add("black", approved, "error");
      add("black", blocked, "error");
      add("black", unblocked, "error");
      add("black", invited, setUp);
      // gray and yellow: set-up and review of it
      for (const from of ["gray", "yellow"] as const) {
        add(from, changed, setUp);
        add(from, other, setUp);
        add(from, approved, from === "yellow" && complete ? "green" : "error");
        add(from, blocked, "red");
        add(from, unblocked, "error");
        add(from, invited, "error");
      }
      // green: live
      add("green", changed, "orange");
      add("green", other, "green");
      add("green", approved, "error");
      add("green", blocked, "red");
      add("green", unblocked, "error");
      add("green", invited, "error");
      // orange: changes in review
      add("orange", changed, "orange");
      add("orange", other, "orange");
      add("orange", approved, complete ? "green" : "error");
      add("orange", blocked, "red");
      add("orange", unblocked, "error");
      add("orange", invited, "error");
      // red: blocked
      add("red", changed, "red");
      add("red", other, "red");
      add("red", approved, "error");
      add("red", blocked, "error");
      add("red", unblocked, complete ? (approvedBefore ? "orange" : "yellow") : "gray");
      add("red", invited, "error");
    }
  }

  it("the table covers every colour, event, completeness and history", () => {
    const key = (r: Row) => JSON.stringify(r.slice(0, 4));
    expect(new Set(table.map(key)).size).toBe(table.length);
    expect(table.length).toBe(ACCOUNT_STATUSES.length * 6 * 2 * 2);
  });

  it.each(table)(
    "%s + %j (complete %s, approved before %s) -> %s",
    (from, event, isComplete, approvedBefore, to) => {
      const f = isComplete ? complete : incomplete;
      if (to === "error") {
        expect(() => nextStatus(from, event, f, approvedBefore)).toThrow(StatusTransitionError);
      } else {
        expect(nextStatus(from, event, f, approvedBefore)).toBe(to);
      }
    },
  );

  it("each requirement on its own keeps a set-up gray", () => {
    for (const missing of [
      { imprintComplete: false },
      { contactComplete: false },
      { billingComplete: false },
      { locations: 0 },
      { cardComplete: false },
      { sepaMandate: false },
    ]) {
      expect(
        nextStatus(
          "gray",
          { type: "data_changed", reviewedDataChanged: false },
          { ...complete, ...missing },
          false,
        ),
      ).toBe("gray");
    }
  });

  it("a refused transition names colour and event", () => {
    const error = (() => {
      try {
        nextStatus("red", { type: "blocked" }, complete, true);
      } catch (e) {
        return e as StatusTransitionError;
      }
    })();
    expect(error).toMatchObject({ from: "red", event: "blocked" });
  });
});
