import {
  type AdminInvitation,
  asLocale,
  berlinDay,
  FRANCHISE,
  type FranchiseInvitation,
  type FranchiseInviteInput,
  type InvitationEvent,
  type InvitationPreview,
  type InvitationState,
  InvitationTransitionError,
  invitationCheckOverdue,
  invitationExpiresAt,
  invitationStateAt,
  type Locale,
  nextInvitationState,
  type RegisterComplete,
  type Viewer,
} from "@stempla/domain";
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type Database, isUniqueViolation } from "../../db/client.ts";
import { companies, franchiseInvitations, legalForms, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { enforceRateLimits } from "../../plugins/rate-limit.ts";
import { hashPassword, hashToken, newToken } from "../auth/service.ts";
import { partnerRecipients, queueMails, shortDayText } from "../mail/service.ts";
import { enrolPartnerAccount, isEmailFree } from "../registration/service.ts";
import { invitationMail, invitationRefusedMail } from "./invitation-mails.ts";

// A master invites a franchisee; the provider team checks the invitation; the franchisee registers
// its own legal entity with the mailed single-use link (docs/decisions/008-franchise-model.md, §1, §3).

type Row = typeof franchiseInvitations.$inferSelect;
const DAY_SECONDS = 24 * 60 * 60;

const notAMaster = () => new HttpError(403, { code: "not_a_master", messageKey: "franchise.notAMaster" });
const notOpen = () => new HttpError(409, { code: "invitation_not_open", messageKey: "invitation.notOpen" });
const invalidLink = () =>
  new HttpError(404, { code: "invitation_invalid", messageKey: "invitation.invalid" });
const expiredLink = () =>
  new HttpError(410, { code: "invitation_expired", messageKey: "invitation.expired" });
const emailTaken = () =>
  new HttpError(409, {
    code: "email_taken",
    messageKey: "franchise.emailTaken",
    fields: { email: ["franchise.emailTaken"] },
  });

function requireMaster(viewer: Viewer): void {
  if (viewer.type !== "master") throw notAMaster();
}

/** The next stored state, or 409 when the invitation's state does not allow the event. */
function transition(state: InvitationState, event: InvitationEvent) {
  try {
    return nextInvitationState(state, event);
  } catch (error) {
    if (error instanceof InvitationTransitionError) throw notOpen();
    throw error;
  }
}

export function invitationView(row: Row, now: Date): FranchiseInvitation {
  return {
    id: row.id,
    company_name: row.companyName,
    contact_name: row.contactName,
    contact_surname: row.contactSurname,
    email: row.email,
    state: invitationStateAt(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    refusal_reason: row.refusalReason,
  };
}

async function hasOpenInvitation(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: franchiseInvitations.id })
    .from(franchiseInvitations)
    .where(
      and(
        sql`lower(${franchiseInvitations.email}) = ${email.toLowerCase()}`,
        inArray(franchiseInvitations.state, ["checking", "sent"]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** POST /dashboard/invite/: the black franchisee company and its invitation, in one transaction. */
export async function invite(
  db: Database,
  viewer: Viewer,
  input: FranchiseInviteInput & { email: string },
  locale: Locale,
): Promise<FranchiseInvitation> {
  requireMaster(viewer);
  await enforceRateLimits(db, [
    {
      key: `franchise-invite:company:${viewer.companyId}`,
      limit: FRANCHISE.invitesPerDay,
      windowSeconds: DAY_SECONDS,
    },
  ]);
  if (!(await isEmailFree(db, input.email)) || (await hasOpenInvitation(db, input.email))) throw emailTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          type: "slave",
          status: "black",
          masterId: viewer.companyId,
          name: input.company_name,
          locale,
        })
        .returning({ id: companies.id });
      const [invitation] = await tx
        .insert(franchiseInvitations)
        .values({
          masterCompanyId: viewer.companyId,
          franchiseeCompanyId: company!.id,
          companyName: input.company_name,
          contactName: input.contact_name,
          contactSurname: input.contact_surname,
          email: input.email,
          locale,
          createdByUserId: viewer.userId,
        })
        .returning();
      return invitation!;
    });
    return invitationView(row, new Date());
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** GET /dashboard/invite: the master's own invitations, newest first. */
export async function listInvitations(
  db: Database,
  viewer: Viewer,
  page: { page: number; per_page: number },
): Promise<{ items: FranchiseInvitation[]; total: number }> {
  requireMaster(viewer);
  const own = eq(franchiseInvitations.masterCompanyId, viewer.companyId);
  const rows = await db
    .select()
    .from(franchiseInvitations)
    .where(own)
    .orderBy(desc(franchiseInvitations.createdAt), desc(franchiseInvitations.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  const [total] = await db.select({ n: count() }).from(franchiseInvitations).where(own);
  const now = new Date();
  return { items: rows.map((row) => invitationView(row, now)), total: total?.n ?? 0 };
}

/** One invitation of the viewer's company, locked; another master's is 404 (its existence is not revealed). */
async function ownInvitationForUpdate(tx: Database, viewer: Viewer, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(franchiseInvitations)
    .where(and(eq(franchiseInvitations.id, id), eq(franchiseInvitations.masterCompanyId, viewer.companyId)))
    .for("update");
  if (!row) throw HttpError.notFound();
  return row;
}

async function companyName(tx: Database, companyId: number): Promise<string> {
  const [row] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? "";
}

/** Makes a new single-use link for a checked invitation and queues its mail in the invitation's language. */
async function sendLink(tx: Database, row: Row, now: Date, publicUrl: string): Promise<Partial<Row>> {
  const { token, hash } = newToken();
  const expiresAt = invitationExpiresAt(now);
  const locale = asLocale(row.locale);
  await queueMails(tx, [
    {
      template: "franchise.invitation",
      locale,
      to: row.email,
      content: invitationMail(locale, {
        masterName: await companyName(tx, row.masterCompanyId),
        companyName: row.companyName,
        contactName: `${row.contactName} ${row.contactSurname}`,
        link: `${publicUrl}/${locale}/register/slave?token=${token}`,
        expiresOn: shortDayText(berlinDay(expiresAt), locale),
      }),
    },
  ]);
  return { state: "sent", tokenHash: hash, expiresAt, sentCount: row.sentCount + 1, lastSentAt: now };
}

async function update(tx: Database, id: number, set: Partial<Row>): Promise<Row> {
  const [row] = await tx
    .update(franchiseInvitations)
    .set(set)
    .where(eq(franchiseInvitations.id, id))
    .returning();
  return row!;
}

/**
 * Deletes the black company a refused or withdrawn invitation created: it has no user, location or
 * data yet, so retention never meets a user-less account (008, section 1).
 */
async function deleteInvitedCompany(tx: Database, row: Row): Promise<void> {
  if (row.franchiseeCompanyId === null) return;
  await tx
    .delete(companies)
    .where(
      and(
        eq(companies.id, row.franchiseeCompanyId),
        eq(companies.type, "slave"),
        eq(companies.status, "black"),
        sql`not exists (select 1 from ${users} where ${users.companyId} = ${companies.id})`,
      ),
    );
}

/** POST /dashboard/invite/:id/resend: a new link and expiry for a sent or expired invitation. */
export async function resendInvitation(
  db: Database,
  viewer: Viewer,
  id: number,
  publicUrl: string,
): Promise<FranchiseInvitation> {
  requireMaster(viewer);
  await enforceRateLimits(db, [
    { key: `franchise-resend:invitation:${id}`, limit: FRANCHISE.resendsPerDay, windowSeconds: DAY_SECONDS },
  ]);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const row = await ownInvitationForUpdate(tx, viewer, id);
    transition(invitationStateAt(row, now), "resent");
    return update(tx, id, await sendLink(tx, row, now, publicUrl));
  });
  return invitationView(row, now);
}

/** DELETE /dashboard/invite/:id: the master withdraws an open invitation; its link stops working. */
export async function withdrawInvitation(
  db: Database,
  viewer: Viewer,
  id: number,
): Promise<FranchiseInvitation> {
  requireMaster(viewer);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const row = await ownInvitationForUpdate(tx, viewer, id);
    const state = transition(invitationStateAt(row, now), "withdrawn");
    const updated = await update(tx, id, { state, withdrawnAt: now, tokenHash: null });
    await deleteInvitedCompany(tx, row);
    return updated;
  });
  return invitationView(row, now);
}

/**
 * The daily clean-up of invitations expired for `FRANCHISE.expiredInvitationKeepDays` and not
 * resent: the invitation and the black company it made go (008, section 1). Returns how many.
 */
export async function deleteExpiredInvitations(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FRANCHISE.expiredInvitationKeepDays * DAY_SECONDS * 1000);
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(franchiseInvitations)
      .where(and(eq(franchiseInvitations.state, "sent"), lte(franchiseInvitations.expiresAt, before)))
      .returning();
    for (const row of rows) await deleteInvitedCompany(tx, row);
    return rows.length;
  });
}

// --- The console's queue ---------------------------------------------------------------------

/** Which rows read as a state at `now` (`expired` is a sent row past its expiry). */
function stateFilter(state: InvitationState, now: Date): SQL | undefined {
  if (state === "expired") {
    return and(eq(franchiseInvitations.state, "sent"), lte(franchiseInvitations.expiresAt, now));
  }
  if (state === "sent")
    return and(eq(franchiseInvitations.state, "sent"), gt(franchiseInvitations.expiresAt, now));
  return eq(franchiseInvitations.state, state);
}

function adminView(row: Row, masterName: string, now: Date): AdminInvitation {
  return {
    ...invitationView(row, now),
    master_company_id: row.masterCompanyId,
    master_name: masterName,
    overdue: row.state === "checking" && invitationCheckOverdue(row.createdAt, now),
  };
}

/** GET /admin/invitations: oldest first, so the queue is worked in order. */
export async function invitationQueue(
  db: Database,
  q: { state: InvitationState; page: number; per_page: number },
): Promise<{ items: AdminInvitation[]; total: number }> {
  const now = new Date();
  const where = stateFilter(q.state, now);
  const rows = await db
    .select({ invitation: franchiseInvitations, masterName: companies.name })
    .from(franchiseInvitations)
    .innerJoin(companies, eq(companies.id, franchiseInvitations.masterCompanyId))
    .where(where)
    .orderBy(asc(franchiseInvitations.createdAt), asc(franchiseInvitations.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: count() }).from(franchiseInvitations).where(where);
  return { items: rows.map((r) => adminView(r.invitation, r.masterName, now)), total: total?.n ?? 0 };
}

async function invitationForUpdate(tx: Database, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(franchiseInvitations)
    .where(eq(franchiseInvitations.id, id))
    .for("update");
  if (!row) throw HttpError.notFound();
  return row;
}

/** POST /admin/invitations/:id/approve: the link goes out in the master's language. */
export async function approveInvitation(
  db: Database,
  teamUserId: number,
  id: number,
  publicUrl: string,
): Promise<AdminInvitation> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const row = await invitationForUpdate(tx, id);
    transition(invitationStateAt(row, now), "approved");
    const sent = await sendLink(tx, row, now, publicUrl);
    return update(tx, id, { ...sent, reviewedByUserId: teamUserId, reviewedAt: now });
  });
  return adminView(row, await companyName(db, row.masterCompanyId), now);
}

/** POST /admin/invitations/:id/refuse: the master is mailed the reason; the black company goes. */
export async function refuseInvitation(
  db: Database,
  teamUserId: number,
  id: number,
  reason: string,
  publicUrl: string,
): Promise<AdminInvitation> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const row = await invitationForUpdate(tx, id);
    const state = transition(invitationStateAt(row, now), "refused");
    const updated = await update(tx, id, {
      state,
      refusalReason: reason,
      reviewedByUserId: teamUserId,
      reviewedAt: now,
    });
    await deleteInvitedCompany(tx, row);
    const recipients = await partnerRecipients(tx, row.masterCompanyId);
    await queueMails(
      tx,
      recipients.map((recipient) => {
        const locale = asLocale(recipient.locale);
        return {
          template: "franchise.invitation_refused",
          locale,
          to: recipient.email,
          content: invitationRefusedMail(locale, {
            companyName: row.companyName,
            email: row.email,
            reason,
            // The master's invitations with the refused one and its reason (decision 008, section 6).
            link: `${publicUrl}/${locale}/franchisors`,
          }),
        };
      }),
    );
    return updated;
  });
  return adminView(row, await companyName(db, row.masterCompanyId), now);
}

// --- The invited franchisee (public) ------------------------------------------------------------

/** The sent invitation of a mailed token: 404 unknown or used, 410 expired. */
async function sentInvitationOf(db: Database, token: string, now: Date): Promise<Row> {
  const [row] = await db
    .select()
    .from(franchiseInvitations)
    .where(eq(franchiseInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.franchiseeCompanyId === null) throw invalidLink();
  const state = invitationStateAt(row, now);
  if (state === "expired") throw expiredLink();
  if (state !== "sent") throw invalidLink();
  return row;
}

/** POST /invitations/check: what the registration page prefills. */
export async function checkInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const row = await sentInvitationOf(db, token, new Date());
  return {
    slave_id: row.franchiseeCompanyId!,
    company_name: row.companyName,
    contact_name: row.contactName,
    contact_surname: row.contactSurname,
    email: row.email,
    master_name: await companyName(db, row.masterCompanyId),
    expires_at: row.expiresAt!.toISOString(),
  };
}

/**
 * POST /dashboard/register/complete: the franchisee's own legal entity, billing address, contact
 * person and login, in one transaction that uses up the link (a second use finds no sent row: 404).
 * The address is then confirmed by the usual confirmation mail, which also turns the account gray.
 */
export async function completeRegistration(
  db: Database,
  input: RegisterComplete,
  locale: Locale,
  publicUrl: string,
): Promise<{ email: string }> {
  const now = new Date();
  const invitation = await sentInvitationOf(db, input.token, now);
  if (invitation.franchiseeCompanyId !== input.slave_id) throw invalidLink();
  const [legalForm] = await db
    .select({ id: legalForms.id })
    .from(legalForms)
    .where(eq(legalForms.id, input.legal_form_id));
  if (!legalForm) throw HttpError.validation({ legal_form_id: ["legalForm.required"] });
  if (!(await isEmailFree(db, invitation.email))) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const [used] = await tx
        .update(franchiseInvitations)
        .set({ state: transition("sent", "accepted"), acceptedAt: now, tokenHash: null })
        .where(
          and(
            eq(franchiseInvitations.id, invitation.id),
            eq(franchiseInvitations.tokenHash, hashToken(input.token)),
            eq(franchiseInvitations.state, "sent"),
            gt(franchiseInvitations.expiresAt, now),
          ),
        )
        .returning({ id: franchiseInvitations.id });
      if (!used) throw invalidLink();
      const companyId = input.slave_id;
      await tx
        .update(companies)
        .set({
          name: input.company_name,
          legalFormId: input.legal_form_id,
          vatId: input.vat ?? null,
          locale,
          franchiseJoinedAt: now,
          updatedAt: now,
        })
        .where(eq(companies.id, companyId));
      await enrolPartnerAccount(tx, companyId, input, {
        email: invitation.email,
        passwordHash,
        locale,
        publicUrl,
        at: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { email: invitation.email };
}
