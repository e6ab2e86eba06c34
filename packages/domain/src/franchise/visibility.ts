import type { CompanyType } from "../account/auth.ts";

/**
 * Who may see what of another company in a franchise network: one rule set for every route and
 * service (docs/decisions/008-franchise-model.md, section 2). Staff accounts per location (roadmap)
 * add a role to `Viewer`, not a check per route.
 */
export interface Viewer {
  userId: number;
  companyId: number;
  type: CompanyType;
  masterId: number | null;
}

/** The company whose data is asked for. */
export interface Subject {
  companyId: number;
  type: CompanyType;
  masterId: number | null;
}

export const RELATIONS = ["self", "master_of", "franchisee_of", "none"] as const;
export type Relation = (typeof RELATIONS)[number];

export const FRANCHISE_DATA = [
  "company_summary",
  "contact",
  "status",
  "locations",
  "scan_statistics",
  "customers",
  "bank",
  "invoices",
  "edit",
  "billing_mode",
  "other_franchisees",
] as const;
export type FranchiseData = (typeof FRANCHISE_DATA)[number];

/** How the viewer's company stands to the subject's company. */
export function relationOf(viewer: Viewer, subject: Subject): Relation {
  if (viewer.companyId === subject.companyId) return "self";
  if (viewer.type === "master" && subject.type === "slave" && subject.masterId === viewer.companyId) {
    return "master_of";
  }
  if (viewer.type === "slave" && viewer.masterId === subject.companyId && subject.type === "master") {
    return "franchisee_of";
  }
  return "none";
}

// Customers, bank, invoices and edit are the company's own only: a collectively billed franchisee
// still sees no master invoice, and a master never sees a franchisee's customers (008, section 2).
const VISIBLE: Record<Relation, ReadonlySet<FranchiseData>> = {
  self: new Set(FRANCHISE_DATA),
  master_of: new Set<FranchiseData>([
    "company_summary",
    "contact",
    "status",
    "locations",
    "scan_statistics",
    "billing_mode",
  ]),
  franchisee_of: new Set<FranchiseData>(["company_summary", "status", "billing_mode"]),
  none: new Set<FranchiseData>(),
};

export function mayView(viewer: Viewer, subject: Subject, data: FranchiseData): boolean {
  return VISIBLE[relationOf(viewer, subject)].has(data);
}
