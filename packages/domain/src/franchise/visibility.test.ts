import { describe, expect, it } from "vitest";
import {
  FRANCHISE_DATA,
  type FranchiseData,
  mayView,
  type Relation,
  relationOf,
  type Subject,
  type Viewer,
} from "./visibility.ts";

// Master M (1) with franchisees F (2) and F2 (3); master N (4) with franchisee G (5); partner P (6).
const company = {
  M: { companyId: 1, type: "master", masterId: null },
  F: { companyId: 2, type: "slave", masterId: 1 },
  F2: { companyId: 3, type: "slave", masterId: 1 },
  N: { companyId: 4, type: "master", masterId: null },
  G: { companyId: 5, type: "slave", masterId: 4 },
  P: { companyId: 6, type: "partner", masterId: null },
} satisfies Record<string, Subject>;
type Name = keyof typeof company;
const viewer = (name: Name): Viewer => ({ userId: 100 + company[name].companyId, ...company[name] });

const EXPECTED: Record<Relation, FranchiseData[]> = {
  self: [...FRANCHISE_DATA],
  master_of: ["company_summary", "contact", "status", "locations", "scan_statistics", "billing_mode"],
  franchisee_of: ["company_summary", "status", "billing_mode"],
  none: [],
};

describe("relationOf", () => {
  const cases: [Name, Name, Relation][] = [
    ["M", "M", "self"],
    ["F", "F", "self"],
    ["P", "P", "self"],
    ["M", "F", "master_of"],
    ["M", "F2", "master_of"],
    ["F", "M", "franchisee_of"],
    ["F", "F2", "none"],
    ["M", "G", "none"],
    ["G", "M", "none"],
    ["N", "F", "none"],
    ["M", "N", "none"],
    ["M", "P", "none"],
    ["P", "M", "none"],
    ["P", "F", "none"],
    ["F", "P", "none"],
  ];
  it.each(cases)("%s looking at %s is %s", (who, whom, relation) => {
    expect(relationOf(viewer(who), company[whom])).toBe(relation);
  });

  it("does not trust a master id on a company that is not a franchisee", () => {
    const odd: Subject = { companyId: 7, type: "partner", masterId: 1 };
    expect(relationOf(viewer("M"), odd)).toBe("none");
  });
});

describe("mayView: every relation × every kind of data", () => {
  const pairs: Record<Relation, [Name, Name]> = {
    self: ["F", "F"],
    master_of: ["M", "F"],
    franchisee_of: ["F", "M"],
    none: ["F", "F2"],
  };
  for (const [relation, [who, whom]] of Object.entries(pairs) as [Relation, [Name, Name]][]) {
    for (const data of FRANCHISE_DATA) {
      const allowed = EXPECTED[relation].includes(data);
      it(`${relation}: ${data} is ${allowed ? "visible" : "hidden"}`, () => {
        expect(relationOf(viewer(who), company[whom])).toBe(relation);
        expect(mayView(viewer(who), company[whom], data)).toBe(allowed);
      });
    }
  }

  it("a master never sees a franchisee's customers, bank, invoices or edits, nor siblings", () => {
    for (const data of ["customers", "bank", "invoices", "edit", "other_franchisees"] as const) {
      expect(mayView(viewer("M"), company.F, data)).toBe(false);
    }
  });

  it("a franchisee sees nothing of a sibling or of a foreign master", () => {
    for (const data of FRANCHISE_DATA) {
      expect(mayView(viewer("F"), company.F2, data)).toBe(false);
      expect(mayView(viewer("F"), company.N, data)).toBe(false);
      expect(mayView(viewer("G"), company.M, data)).toBe(false);
    }
  });
});
