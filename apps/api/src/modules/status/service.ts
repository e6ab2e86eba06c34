import {
  type AccountStatus,
  accountStatusViewSchema,
  asLocale,
  dataOf,
  diffSnapshots,
  missingRequirements,
  nextStatus,
  type RedCause,
  type SetupFacts,
  type SetupRequirement,
  type StatusEvent,
  StatusTransitionError,
} from "@stempla/domain";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  billingAddresses,
  companies,
  locations,
  partnerProfiles,
  reviewApprovals,
  sepaMandates,
  statusEvents,
  users,
} from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { shipStarterKits } from "../contract/service.ts";
import { approvalNextSteps, queueMails, statusChangedMail } from "../mail/service.ts";
import { currentReviewData, lastApproval } from "../review/service.ts";

/** What the partner has provided, read from its data (spec section 4, requirements for review). */
export async function setupFacts(db: Database, companyId: number): Promise<SetupFacts> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw HttpError.notFound();
  // One query after the other: `db` is the transaction of withPartnerChange when partner data
  // changes, and one connection runs one query at a time (node-postgres refuses overlapping ones).
  const [address] = await db
    .select({ id: billingAddresses.companyId })
    .from(billingAddresses)
    .where(eq(billingAddresses.companyId, companyId));
  const [contact] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isNotNull(users.firstName),
        isNotNull(users.surname),
        isNotNull(users.phone),
      ),
    );
  const [locationCount] = await db
    .select({ value: count() })
    .from(locations)
    .where(eq(locations.companyId, companyId));
  const [card] = await db
    .select({ id: partnerProfiles.companyId })
    .from(partnerProfiles)
    .where(
      and(
        eq(partnerProfiles.companyId, companyId),
        isNotNull(partnerProfiles.description),
        isNotNull(partnerProfiles.points),
      ),
    );
  const [mandate] = await db
    .select({ id: sepaMandates.id })
    .from(sepaMandates)
    .where(and(eq(sepaMandates.companyId, companyId), isNull(sepaMandates.endedAt)));
  return {
    imprintComplete: Boolean(company.name && company.legalFormId && address),
    contactComplete: Boolean(contact),
    billingComplete: Boolean(address),
    locations: locationCount?.value ?? 0,
    cardComplete: Boolean(card),
    sepaMandate: Boolean(mandate),
  };
}

/** The last logged change of the account's colour. */
async function lastStatusEvent(db: Database, companyId: number) {
  const [event] = await db
    .select()
    .from(statusEvents)
    .where(eq(statusEvents.companyId, companyId))
    .orderBy(desc(statusEvents.createdAt), desc(statusEvents.id))
    .limit(1);
  return event;
}

/** Why a red account is red: only the team's block is a block (docs/product.md, "Account status"). */
function redCauseOf(
  status: AccountStatus,
  event: { toStatus: string; event: string } | undefined,
): RedCause | undefined {
  if (status !== "red") return undefined;
  return event?.toStatus === "red" && event.event !== "blocked" ? "incomplete" : "blocked";
}

/** GET /dashboard/status and the console's status actions answer the same shape. */
export const accountStatusResponse = dataOf(accountStatusViewSchema);

export async function accountStatus(db: Database, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw HttpError.notFound();
  const missing: SetupRequirement[] = missingRequirements(await setupFacts(db, companyId));
  const event = await lastStatusEvent(db, companyId);
  const current = event?.toStatus === company.status ? event : undefined;
  const redCause = redCauseOf(company.status, current);
  return {
    status: company.status,
    red_cause: redCause ?? null,
    missing,
    approved_at: company.approvedAt?.toISOString() ?? null,
    since: (current?.createdAt ?? company.createdAt).toISOString(),
    reason: redCause === "blocked" ? (current?.reason ?? null) : null,
  };
}

export interface StatusActionOptions {
  /** Who acted (null: the system). */
  actorUserId?: number | undefined;
  reason?: string | undefined;
  publicUrl: string;
  /** The app's store pages, named in the approval mail's next steps (config `app`). */
  app?: { iosUrl: string; androidUrl: string } | undefined;
}

/**
 * Applies an event to the account's colour with the rules of the domain package; a change is
 * logged and mailed to the partner. Returns the new status.
 */
export async function applyStatusEvent(
  db: Database,
  companyId: number,
  event: StatusEvent,
  opts: StatusActionOptions,
): Promise<AccountStatus> {
  const facts = await setupFacts(db, companyId);
  // Read outside the transaction: PGlite runs one connection, and this is only kept when approving.
  const review = event.type === "approved" ? await currentReviewData(db, companyId) : undefined;
  return db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
    if (!company) throw HttpError.notFound();
    const last = await lastStatusEvent(tx, companyId);
    const history = {
      approvedBefore: company.approvedAt !== null,
      redCause: redCauseOf(company.status, last?.toStatus === company.status ? last : undefined),
    };
    let to: AccountStatus;
    try {
      to = nextStatus(company.status, event, facts, history);
    } catch (error) {
      if (error instanceof StatusTransitionError) throw new HttpError(409);
      throw error;
    }
    // A block or unblock that keeps the account red changes why it is red: that is logged too.
    const causeChanges = event.type === "blocked" || event.type === "unblocked";
    if (to === company.status && !causeChanges) return to;
    await tx
      .update(companies)
      .set({
        status: to,
        updatedAt: new Date(),
        // The first approval starts the contract; later ones leave it exactly as it was.
        ...(to === "green"
          ? { approvedAt: new Date(), liveSince: sql`coalesce(${companies.liveSince}, now())` }
          : {}),
      })
      .where(eq(companies.id, companyId));
    await tx.insert(statusEvents).values({
      companyId,
      fromStatus: company.status,
      toStatus: to,
      event: event.type,
      actorUserId: opts.actorUserId ?? null,
      reason: opts.reason ?? null,
    });
    let kitsTo: string[] = [];
    if (to === "green" && review) {
      // The locations no earlier approval covered get their starter kit (docs/product.md, "Hardware").
      const before = (await lastApproval(tx, companyId))?.published as
        | { locations?: { id: number }[] }
        | undefined;
      kitsTo = await shipStarterKits(tx, companyId, new Set((before?.locations ?? []).map((l) => l.id)));
      await tx.insert(reviewApprovals).values({
        companyId,
        snapshot: review.snapshot,
        published: review.published as unknown as Record<string, unknown>,
        approvedByUserId: opts.actorUserId ?? null,
      });
    }
    const [owner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.companyId, companyId))
      .limit(1);
    // Confirming the address leads straight into the dashboard: a mail about it would be noise.
    if (owner && event.type !== "email_confirmed") {
      const locale = asLocale(company.locale);
      const content = statusChangedMail(locale, {
        status: to,
        redCause: to === "red" ? (event.type === "blocked" ? "blocked" : "incomplete") : undefined,
        reason: opts.reason,
        link: `${opts.publicUrl}/${locale}/dashboard`,
      });
      if (kitsTo.length > 0) {
        content.paragraphs.push(
          ...approvalNextSteps(locale, {
            locations: kitsTo,
            locationsUrl: `${opts.publicUrl}/${locale}/locations`,
            app: opts.app,
          }),
        );
      }
      await queueMails(tx, [{ template: "account.status_changed", locale, to: owner.email, content }]);
    }
    return to;
  });
}

/**
 * The partner's email address is confirmed (every sign-in needs it): a registration that was
 * waiting for it (black) moves on to set-up. Idempotent, so a sign-in may repeat it.
 */
export async function emailConfirmed(db: Database, companyId: number): Promise<void> {
  const [company] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.status !== "black") return;
  await applyStatusEvent(db, companyId, { type: "email_confirmed" }, { publicUrl: "" });
}

/**
 * Every change of partner data goes through here: the write and its status consequence
 * (`partnerDataChanged`) commit together or not at all, so no path can save data and forget the
 * colour, and a failed status step leaves the data as it was (docs/architecture.md, "Locations,
 * card and status"). `change` must use the transaction it is given.
 */
export async function withPartnerChange<T>(
  db: Database,
  companyId: number,
  publicUrl: string,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await partnerDataChanged(tx, companyId, publicUrl);
    return result;
  });
}

/**
 * After the partner changed its data: set-up may be complete now, or a live account changed what
 * the team approved (compared field by field with the last approval).
 */
async function partnerDataChanged(db: Database, companyId: number, publicUrl: string) {
  const approval = await lastApproval(db, companyId);
  const reviewedDataChanged = approval
    ? diffSnapshots(approval.snapshot, (await currentReviewData(db, companyId)).snapshot).length > 0
    : false;
  return applyStatusEvent(db, companyId, { type: "data_changed", reviewedDataChanged }, { publicUrl });
}
