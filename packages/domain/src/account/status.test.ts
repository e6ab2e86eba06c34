import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_STATUSES, type AccountStatus } from "./auth.ts";
import {
  missingRequirements,
  nextStatus,
  RED_CAUSES,
  type RedCause,
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
    { type: "email_confirmed" },
  ),
);
const EVENT_TYPES = 6;
const before = (approvedBefore: boolean, redCause?: RedCause) => ({ approvedBefore, redCause });

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
  const change = { type: "data_changed", reviewedDataChanged: false } as const;
  const reviewed = { type: "data_changed", reviewedDataChanged: true } as const;

  it("a new account is black until its email address is confirmed, then gray (docs/product.md)", () => {
    expect(nextStatus("black", { type: "email_confirmed" }, incomplete, before(false))).toBe("gray");
    // Confirming again (a password reset) changes nothing later on.
    for (const from of ["gray", "yellow", "green", "orange", "red"] as const) {
      expect(nextStatus(from, { type: "email_confirmed" }, incomplete, before(true, "blocked"))).toBe(from);
    }
    // Data changes do not skip the confirmation.
    expect(nextStatus("black", change, complete, before(false))).toBe("black");
  });

  it("gray moves to yellow by itself when the last requirement arrives, and back when one goes", () => {
    expect(nextStatus("gray", change, incomplete, before(false))).toBe("gray");
    expect(nextStatus("gray", change, complete, before(false))).toBe("yellow");
    expect(nextStatus("yellow", change, incomplete, before(false))).toBe("gray");
  });

  it("a live account that loses required data turns red, and goes to review once it is complete again", () => {
    expect(nextStatus("green", change, incomplete, before(true))).toBe("red");
    expect(nextStatus("green", reviewed, incomplete, before(true))).toBe("red");
    expect(nextStatus("orange", change, incomplete, before(true))).toBe("red");
    expect(nextStatus("red", change, incomplete, before(true, "incomplete"))).toBe("red");
    expect(nextStatus("red", change, complete, before(true, "incomplete"))).toBe("orange");
    // The team may still block it, and cannot "unblock" what it did not block.
    expect(nextStatus("red", { type: "blocked" }, incomplete, before(true, "incomplete"))).toBe("red");
    expect(() => nextStatus("red", { type: "unblocked" }, complete, before(true, "incomplete"))).toThrow(
      StatusTransitionError,
    );
  });

  it("the provider team approves yellow and orange to green", () => {
    expect(nextStatus("yellow", { type: "approved" }, complete, before(false))).toBe("green");
    expect(nextStatus("orange", { type: "approved" }, complete, before(true))).toBe("green");
    for (const from of ["gray", "green", "red", "black"] as const) {
      expect(() => nextStatus(from, { type: "approved" }, complete, before(true, "incomplete"))).toThrow(
        StatusTransitionError,
      );
    }
    // Data that went missing during the review cannot be approved.
    expect(() => nextStatus("orange", { type: "approved" }, incomplete, before(true))).toThrow(
      StatusTransitionError,
    );
  });

  it("changing reviewed data while green goes to orange; other changes keep green", () => {
    expect(nextStatus("green", reviewed, complete, before(true))).toBe("orange");
    expect(nextStatus("green", change, complete, before(true))).toBe("green");
    expect(nextStatus("orange", reviewed, complete, before(true))).toBe("orange");
  });

  it("blocking is possible from every reviewed or set-up state; unblocking returns to review or set-up", () => {
    for (const from of ["gray", "yellow", "green", "orange"] as const) {
      expect(nextStatus(from, { type: "blocked" }, complete, before(false))).toBe("red");
    }
    expect(nextStatus("red", { type: "unblocked" }, complete, before(false, "blocked"))).toBe("yellow");
    expect(nextStatus("red", { type: "unblocked" }, complete, before(true, "blocked"))).toBe("orange");
    expect(nextStatus("red", { type: "unblocked" }, incomplete, before(false, "blocked"))).toBe("gray");
    // A live account without its required data stays red, now for that reason.
    expect(nextStatus("red", { type: "unblocked" }, incomplete, before(true, "blocked"))).toBe("red");
    expect(() => nextStatus("green", { type: "unblocked" }, complete, before(true))).toThrow(
      StatusTransitionError,
    );
    // A blocked account's data changes do not unblock it.
    expect(nextStatus("red", reviewed, complete, before(true, "blocked"))).toBe("red");
  });

  it("never reaches green without the provider team, and never leaves a block without it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AccountStatus>(...ACCOUNT_STATUSES),
        events,
        facts,
        fc.boolean(),
        fc.constantFrom<RedCause>(...RED_CAUSES),
        (from, event, f, approved, cause) => {
          let to: AccountStatus;
          try {
            to = nextStatus(from, event, f, before(approved, from === "red" ? cause : undefined));
          } catch (error) {
            expect(error).toBeInstanceOf(StatusTransitionError);
            return;
          }
          expect(ACCOUNT_STATUSES).toContain(to);
          if (to === "green" && from !== "green") expect(event.type).toBe("approved");
          if (from === "red" && cause === "blocked" && to !== "red") expect(event.type).toBe("unblocked");
          // Moving into review or live needs complete data.
          if (to !== from && (to === "yellow" || to === "green" || to === "orange"))
            expect(missingRequirements(f).length === 0 || from === "green").toBe(true);
          // Gray is only for accounts that were never live.
          if (to === "gray")
            expect(from === "green" || from === "orange" || (from === "red" && approved)).toBe(false);
        },
      ),
    );
  });
});

describe("nextStatus: every transition", () => {
  type From = Exclude<AccountStatus, "red"> | "red:blocked" | "red:incomplete";
  type Row = [
    from: From,
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
  const confirmed = { type: "email_confirmed" } as const;
  // Each (colour, event, data complete?, approved before?) with its result; the test below checks
  // that the table covers every combination, so a new colour or event cannot go untested.
  const table: Row[] = [];
  for (const approvedBefore of [false, true]) {
    for (const complete of [false, true]) {
      const add = (from: From, event: StatusEvent, to: AccountStatus | "error") =>
        table.push([from, event, complete, approvedBefore, to]);
      const setUp = complete ? "yellow" : "gray";
      // black: registered (or an invited franchisee registered), email not yet confirmed
      add("black", changed, "black");
      add("black", other, "black");
      add("black", approved, "error");
      add("black", blocked, "error");
      add("black", unblocked, "error");
      add("black", confirmed, setUp);
      // gray and yellow: set-up and review of it
      for (const from of ["gray", "yellow"] as const) {
        add(from, changed, setUp);
        add(from, other, setUp);
        add(from, approved, from === "yellow" && complete ? "green" : "error");
        add(from, blocked, "red");
        add(from, unblocked, "error");
        add(from, confirmed, from);
      }
      // green: live
      add("green", changed, complete ? "orange" : "red");
      add("green", other, complete ? "green" : "red");
      add("green", approved, "error");
      add("green", blocked, "red");
      add("green", unblocked, "error");
      add("green", confirmed, "green");
      // orange: changes in review
      add("orange", changed, complete ? "orange" : "red");
      add("orange", other, complete ? "orange" : "red");
      add("orange", approved, complete ? "green" : "error");
      add("orange", blocked, "red");
      add("orange", unblocked, "error");
      add("orange", confirmed, "orange");
      // red: blocked by the team
      add("red:blocked", changed, "red");
      add("red:blocked", other, "red");
      add("red:blocked", approved, "error");
      add("red:blocked", blocked, "error");
      add(
        "red:blocked",
        unblocked,
        complete ? (approvedBefore ? "orange" : "yellow") : approvedBefore ? "red" : "gray",
      );
      add("red:blocked", confirmed, "red");
      // red: a live account without its required data
      add("red:incomplete", changed, complete ? "orange" : "red");
      add("red:incomplete", other, complete ? "orange" : "red");
      add("red:incomplete", approved, "error");
      add("red:incomplete", blocked, "red");
      add("red:incomplete", unblocked, "error");
      add("red:incomplete", confirmed, "red");
    }
  }

  it("the table covers every colour, event, completeness and history", () => {
    const key = (r: Row) => JSON.stringify(r.slice(0, 4));
    expect(new Set(table.map(key)).size).toBe(table.length);
    expect(table.length).toBe((ACCOUNT_STATUSES.length + 1) * EVENT_TYPES * 2 * 2);
  });

  it.each(table)(
    "%s + %j (complete %s, approved before %s) -> %s",
    (from, event, isComplete, approvedBefore, to) => {
      const f = isComplete ? complete : incomplete;
      const [status, cause] = from.split(":") as [AccountStatus, RedCause | undefined];
      const history = before(approvedBefore, cause);
      if (to === "error") {
        expect(() => nextStatus(status, event, f, history)).toThrow(StatusTransitionError);
      } else {
        expect(nextStatus(status, event, f, history)).toBe(to);
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
      expect(nextStatus("gray", other, { ...complete, ...missing }, before(false))).toBe("gray");
    }
  });

  it("a refused transition names colour and event", () => {
    const error = (() => {
      try {
        nextStatus("red", blocked, complete, before(true, "blocked"));
      } catch (e) {
        return e as StatusTransitionError;
      }
    })();
    expect(error).toMatchObject({ from: "red", event: "blocked" });
  });
});
