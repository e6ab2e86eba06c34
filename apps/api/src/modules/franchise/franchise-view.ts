import { addMonths, berlinMonth, type FranchiseView, type Viewer } from "@stempla/domain";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  collectiveInvoicingPeriods,
  companies,
  franchiseInvitations,
  franchiseTerminationWindows,
} from "../../db/schema/index.ts";

// GET /dashboard/franchise: the caller's own place in a network (docs/decisions/008-franchise-model.md,
// section 3). It only reads the collective invoicing periods; switching them is section 5's.

/** The setting of month `month` (YYYY-MM-01): the row with the greatest effective_from <= month, else off. */
async function collectiveInvoicingIn(db: Database, masterId: number, month: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: collectiveInvoicingPeriods.enabled })
    .from(collectiveInvoicingPeriods)
    .where(
      and(
        eq(collectiveInvoicingPeriods.masterCompanyId, masterId),
        lte(collectiveInvoicingPeriods.effectiveFrom, month),
      ),
    )
    .orderBy(desc(collectiveInvoicingPeriods.effectiveFrom))
    .limit(1);
  return row?.enabled ?? false;
}

export async function franchiseView(db: Database, viewer: Viewer, now = new Date()): Promise<FranchiseView> {
  const month = berlinMonth(now);
  const nextMonth = addMonths(month, 1);
  if (viewer.type === "master") {
    const [franchisees] = await db
      .select({ n: count() })
      .from(companies)
      .where(and(eq(companies.masterId, viewer.companyId), isNotNull(companies.franchiseJoinedAt)));
    const [open] = await db
      .select({ n: count() })
      .from(franchiseInvitations)
      .where(
        and(
          eq(franchiseInvitations.masterCompanyId, viewer.companyId),
          inArray(franchiseInvitations.state, ["checking", "sent"]),
        ),
      );
    return {
      role: "master",
      collective_invoicing: {
        current: await collectiveInvoicingIn(db, viewer.companyId, month),
        next: await collectiveInvoicingIn(db, viewer.companyId, nextMonth),
        next_effective_from: nextMonth,
      },
      franchisees: franchisees?.n ?? 0,
      open_invitations: open?.n ?? 0,
    };
  }
  if (viewer.type === "slave" && viewer.masterId !== null) {
    const [master] = await db
      .select({ name: companies.name, status: companies.status })
      .from(companies)
      .where(eq(companies.id, viewer.masterId));
    const [window] = await db
      .select({ closesAt: franchiseTerminationWindows.closesAt })
      .from(franchiseTerminationWindows)
      .where(
        and(
          eq(franchiseTerminationWindows.franchiseeCompanyId, viewer.companyId),
          lte(franchiseTerminationWindows.opensAt, now),
          gt(franchiseTerminationWindows.closesAt, now),
          isNull(franchiseTerminationWindows.usedAt),
        ),
      )
      .orderBy(asc(franchiseTerminationWindows.closesAt))
      .limit(1);
    const payer = (collective: boolean) => (collective ? ("master" as const) : ("self" as const));
    return {
      role: "franchisee",
      master: { name: master?.name ?? "", status: master?.status ?? "black" },
      pays: {
        current: payer(await collectiveInvoicingIn(db, viewer.masterId, month)),
        next: payer(await collectiveInvoicingIn(db, viewer.masterId, nextMonth)),
      },
      next_effective_from: nextMonth,
      termination_window: window ? { closes_at: window.closesAt.toISOString() } : null,
    };
  }
  return { role: "none" };
}
