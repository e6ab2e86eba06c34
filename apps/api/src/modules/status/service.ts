import {
  type AccountStatus,
  missingRequirements,
  nextStatus,
  type SetupFacts,
  type SetupRequirement,
  type StatusEvent,
  StatusTransitionError,
} from "@stempla/domain";
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  billingAddresses,
  companies,
  locations,
  partnerProfiles,
  statusEvents,
  users,
} from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { asLocale } from "../auth/service.ts";
import { queueMails } from "../mail/service.ts";
import { statusChangedMail } from "../mail/status-mail.ts";

/** What the partner has provided, read from its data (spec section 4, requirements for review). */
export async function setupFacts(db: Database, companyId: number): Promise<SetupFacts> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw HttpError.notFound();
  const [[address], [contact], [locationCount], [card]] = await Promise.all([
    db
      .select({ id: billingAddresses.companyId })
      .from(billingAddresses)
      .where(eq(billingAddresses.companyId, companyId)),
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          isNotNull(users.firstName),
          isNotNull(users.surname),
          isNotNull(users.phone),
        ),
      ),
    db.select({ value: count() }).from(locations).where(eq(locations.companyId, companyId)),
    db
      .select({ id: partnerProfiles.companyId })
      .from(partnerProfiles)
      .where(
        and(
          eq(partnerProfiles.companyId, companyId),
          isNotNull(partnerProfiles.description),
          isNotNull(partnerProfiles.points),
        ),
      ),
  ]);
  return {
    imprintComplete: Boolean(company.name && company.legalFormId && address),
    contactComplete: Boolean(contact),
    billingComplete: Boolean(address),
    locations: locationCount?.value ?? 0,
    cardComplete: Boolean(card),
    // The SEPA mandate is captured with the billing details of the set-up (not built yet).
    sepaMandate: false,
  };
}

export async function accountStatus(db: Database, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw HttpError.notFound();
  const missing: SetupRequirement[] = missingRequirements(await setupFacts(db, companyId));
  return { status: company.status, missing, approved_at: company.approvedAt?.toISOString() ?? null };
}

/**
 * Applies an event to the account's colour with the rules of the domain package; a change is
 * logged and mailed to the partner. Returns the new status.
 */
export async function applyStatusEvent(
  db: Database,
  companyId: number,
  event: StatusEvent,
  opts: { actorUserId?: number; reason?: string; publicUrl: string },
): Promise<AccountStatus> {
  const facts = await setupFacts(db, companyId);
  return db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
    if (!company) throw HttpError.notFound();
    let to: AccountStatus;
    try {
      to = nextStatus(company.status, event, facts, company.approvedAt !== null);
    } catch (error) {
      if (error instanceof StatusTransitionError) throw new HttpError(409);
      throw error;
    }
    if (to === company.status) return to;
    await tx
      .update(companies)
      .set({ status: to, updatedAt: new Date(), ...(to === "green" ? { approvedAt: new Date() } : {}) })
      .where(eq(companies.id, companyId));
    await tx.insert(statusEvents).values({
      companyId,
      fromStatus: company.status,
      toStatus: to,
      event: event.type,
      actorUserId: opts.actorUserId ?? null,
      reason: opts.reason ?? null,
    });
    const [owner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.companyId, companyId))
      .limit(1);
    if (owner) {
      const locale = asLocale(company.locale);
      await queueMails(tx, [
        {
          template: "account.status_changed",
          locale,
          to: owner.email,
          content: statusChangedMail(locale, {
            status: to,
            reason: opts.reason,
            link: `${opts.publicUrl}/${locale}/dashboard`,
          }),
        },
      ]);
    }
    return to;
  });
}

/** After the partner changed its data: set-up may be complete now, or reviewed data changed. */
export const partnerDataChanged = (
  db: Database,
  companyId: number,
  reviewedDataChanged: boolean,
  publicUrl: string,
) => applyStatusEvent(db, companyId, { type: "data_changed", reviewedDataChanged }, { publicUrl });
