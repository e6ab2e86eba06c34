import { addMonths, berlinMonth, type FranchiseView, type Viewer } from "@stempla/domain";
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, franchiseInvitations, franchiseTerminationWindows } from "../../db/schema/index.ts";
import { collectiveInvoicingIn, masterPaysIn } from "./collective-invoicing.ts";

// GET /dashboard/franchise: the caller's own place in a network (docs/decisions/008-franchise-model.md,
// section 3). It only reads the collective invoicing periods (collective-invoicing.ts, section 5).

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
        current: payer(await masterPaysIn(db, viewer.masterId, month)),
        next: payer(await masterPaysIn(db, viewer.masterId, nextMonth)),
      },
      next_effective_from: nextMonth,
      termination_window: window ? { closes_at: window.closesAt.toISOString() } : null,
    };
  }
  return { role: "none" };
}
