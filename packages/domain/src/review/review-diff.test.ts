import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffSnapshots, type ReviewChange, type ReviewSnapshot } from "./review-diff.ts";

/** Replays a diff on a snapshot: what the reviewer sees must be exactly what changed. */
function apply(before: ReviewSnapshot, changes: ReviewChange[]): ReviewSnapshot {
  const result: ReviewSnapshot = { ...before };
  for (const change of changes) {
    if (change.after === null) delete result[change.field];
    else result[change.field] = change.after;
  }
  return result;
}

// Few field names and values, so that generated snapshots share fields and values often.
const field = fc.constantFrom(
  "card.description",
  "card.points",
  "company.name",
  "link.website",
  "location.1.name",
);
const snapshot = fc.dictionary(field, fc.constantFrom("a", "b", "", "Café", "10"), { maxKeys: 5 });

describe("diffSnapshots", () => {
  it("lists changed, added and removed fields with before and after", () => {
    const before = {
      "card.description": "Jeder 10. Kaffee gratis",
      "card.points": "10",
      "link.website": "https://a",
    };
    const after = {
      "card.description": "Jeder 8. Kaffee gratis",
      "card.points": "10",
      "company.vatId": "DE1",
    };
    expect(diffSnapshots(before, after)).toEqual([
      { field: "card.description", before: "Jeder 10. Kaffee gratis", after: "Jeder 8. Kaffee gratis" },
      { field: "company.vatId", before: null, after: "DE1" },
      { field: "link.website", before: "https://a", after: null },
    ]);
  });

  it("is empty for equal snapshots, whatever their key order", () => {
    expect(diffSnapshots({}, {})).toEqual([]);
    expect(diffSnapshots({ a: "1", b: "2" }, { b: "2", a: "1" })).toEqual([]);
  });

  it("takes an empty text as a value, not as a missing field", () => {
    expect(diffSnapshots({ a: "" }, {})).toEqual([{ field: "a", before: "", after: null }]);
  });

  it("property: applying the diff to before yields after", () => {
    fc.assert(
      fc.property(snapshot, snapshot, (before, after) => {
        expect(apply(before, diffSnapshots(before, after))).toEqual(after);
      }),
    );
  });

  it("property: no diff between equal snapshots; one entry per differing field, none for equal ones", () => {
    fc.assert(
      fc.property(snapshot, snapshot, (before, after) => {
        expect(diffSnapshots(before, { ...before })).toEqual([]);
        const changes = diffSnapshots(before, after);
        const fields = changes.map((c) => c.field);
        expect(new Set(fields).size).toBe(fields.length);
        for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
          expect(fields.includes(key)).toBe(before[key] !== after[key]);
        }
        for (const change of changes) expect(change.before).not.toBe(change.after);
      }),
    );
  });

  it("property: the diff reversed is the diff of the reversed pair", () => {
    fc.assert(
      fc.property(snapshot, snapshot, (before, after) => {
        const forth = diffSnapshots(before, after).map((c) => ({
          field: c.field,
          before: c.after,
          after: c.before,
        }));
        const back = diffSnapshots(after, before);
        const byField = (a: ReviewChange, b: ReviewChange) => a.field.localeCompare(b.field);
        expect(back.sort(byField)).toEqual(forth.sort(byField));
      }),
    );
  });

  it("a map position is no change against an approval made before positions were reviewed", () => {
    const approved = { "location.1.name": "Café", "location.2.name": "Bar" };
    const now = { ...approved, "location.1.position": "50.9333, 6.95", "location.2.position": "48.1, 11.5" };
    expect(diffSnapshots(approved, now)).toEqual([]);
    // Once an approval has recorded positions, a moved or new one is a change.
    const withPositions = { ...approved, "location.1.position": "50.9333, 6.95" };
    expect(diffSnapshots(withPositions, now)).toEqual([
      { field: "location.2.position", before: null, after: "48.1, 11.5" },
    ]);
    expect(diffSnapshots(withPositions, { ...now, "location.1.position": "50.94, 6.96" })).toContainEqual({
      field: "location.1.position",
      before: "50.9333, 6.95",
      after: "50.94, 6.96",
    });
  });

  it("a phone number recorded before E.164 (behind the fixed +49, or as typed) is no change when it is the same number", () => {
    const approved = {
      "company.phone": "+49 0221 1234567",
      "contact.phone": "0221 1234567",
      "location.1.phone": "+49 +49 221 765 43 21",
      "location.2.phone": "Tel. 0221 1",
    };
    const now = {
      "company.phone": "+49 221 1234567",
      "contact.phone": "+49 221 1234567",
      "location.1.phone": "+49 221 7654321",
      "location.2.phone": "Tel. 0221 1",
    };
    expect(diffSnapshots(approved, now)).toEqual([]);
    expect(diffSnapshots(approved, { ...now, "contact.phone": "+49 221 1234568" })).toEqual([
      { field: "contact.phone", before: "0221 1234567", after: "+49 221 1234568" },
    ]);
    // Only phone fields are read as numbers.
    expect(
      diffSnapshots({ "company.name": "0221 1234567" }, { "company.name": "+49 221 1234567" }),
    ).toHaveLength(1);
  });

  it("handles field names that are also names of Object.prototype", () => {
    const before = JSON.parse('{"constructor":"a","__proto__":"b"}') as ReviewSnapshot;
    expect(diffSnapshots({}, { constructor: "a" })).toEqual([
      { field: "constructor", before: null, after: "a" },
    ]);
    expect(diffSnapshots(before, before)).toEqual([]);
    expect(diffSnapshots(before, {})).toHaveLength(2);
  });
});
