import { ACCOUNT, asLocale, type Locale, type Profile, SESSION_MAX_AGE_SECONDS } from "@stempla/domain";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authTokens, companies, legalForms, sessions, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { confirmationMail, passwordChangedMail, passwordResetMail, queueMails } from "../mail/service.ts";
import { emailConfirmed } from "../status/service.ts";
import { hashPassword, hashToken, newToken, verifyAgainstDummy, verifyPassword } from "./secrets.ts";

/** The registration's confirmation link works as long as its mail says (ACCOUNT.confirmationLinkDays). */
export const CONFIRMATION_TOKEN_TTL_MS = ACCOUNT.confirmationLinkDays * 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
/** At most one fresh confirmation mail per 5 minutes when an unconfirmed user tries to log in. */
export const CONFIRMATION_RESEND_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionStart {
  token: string;
  user: Profile;
}

interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export async function createSession(db: Database, userId: number, client: ClientInfo): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export async function deleteSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function getProfile(db: Database, userId: number): Promise<Profile> {
  const [row] = await db
    .select({ user: users, company: companies, legalForm: legalForms })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(legalForms, eq(legalForms.id, companies.legalFormId))
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(401);
  const { user, company, legalForm } = row;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    first_name: user.firstName,
    surname: user.surname,
    phone: user.phone,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    company: company && {
      id: company.id,
      name: company.name,
      type: company.type,
      status: company.status,
      legal_form: legalForm ? (user.locale === "en" ? legalForm.nameEn : legalForm.nameDe) : null,
      registration_completed_at: company.registrationCompletedAt?.toISOString() ?? null,
      created_at: company.createdAt.toISOString(),
    },
  };
}

/** Signs the user in: a new session, the login time and, at the first login, the registration's completion. */
async function startSession(db: Database, userId: number, client: ClientInfo): Promise<SessionStart> {
  const started = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ companyId: users.companyId });
    if (user?.companyId) {
      // Spec section 4: registration is complete at the first login with the confirmed email.
      await tx
        .update(companies)
        .set({ registrationCompletedAt: new Date() })
        .where(and(eq(companies.id, user.companyId), isNull(companies.registrationCompletedAt)));
    }
    return { session: await createSession(tx, userId, client), companyId: user?.companyId ?? null };
  });
  // Every way in needs a confirmed address, so a registration waiting for it moves on here.
  if (started.companyId) await emailConfirmed(db, started.companyId);
  return { token: started.session, user: await getProfile(db, userId) };
}

export async function login(
  db: Database,
  input: { email: string; password: string },
  client: ClientInfo,
  mailer: { publicUrl: string },
): Promise<SessionStart> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new HttpError(401, { code: "invalid_credentials", messageKey: "auth.invalidCredentials" });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new HttpError(401, { code: "invalid_credentials", messageKey: "auth.invalidCredentials" });
  }
  if (!user.emailVerifiedAt) {
    await resendConfirmation(db, user.id, mailer.publicUrl);
    throw new HttpError(403, { code: "email_unconfirmed", messageKey: "auth.emailUnconfirmed" });
  }
  return startSession(db, user.id, client);
}

/** Issues an email-confirmation link and queues its mail (inside the caller's transaction). */
export async function issueConfirmation(
  db: Database,
  user: { id: number; email: string; locale: Locale },
  companyName: string,
  publicUrl: string,
): Promise<void> {
  const { token, hash } = newToken();
  await db.insert(authTokens).values({
    userId: user.id,
    purpose: "verify_email",
    tokenHash: hash,
    expiresAt: new Date(Date.now() + CONFIRMATION_TOKEN_TTL_MS),
  });
  await db.update(users).set({ lastConfirmationSentAt: new Date() }).where(eq(users.id, user.id));
  await queueMails(db, [
    {
      template: "account.confirmation",
      locale: user.locale,
      to: user.email,
      content: confirmationMail(user.locale, {
        companyName,
        link: `${publicUrl}/${user.locale}/login?verify=${token}`,
      }),
    },
  ]);
}

async function resendConfirmation(db: Database, userId: number, publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Claims the right to send by moving the timestamp, so concurrent logins send one mail.
    const claimed = await tx
      .update(users)
      .set({ lastConfirmationSentAt: new Date() })
      .where(
        and(
          eq(users.id, userId),
          sql`(${users.lastConfirmationSentAt} is null or ${users.lastConfirmationSentAt} < now() - ${`${CONFIRMATION_RESEND_INTERVAL_MS / 1000} seconds`}::interval)`,
        ),
      )
      .returning({ id: users.id, email: users.email, locale: users.locale, companyId: users.companyId });
    const user = claimed[0];
    if (!user) return;
    const [company] = user.companyId
      ? await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId))
      : [];
    await issueConfirmation(tx, { ...user, locale: asLocale(user.locale) }, company?.name ?? "", publicUrl);
  });
}

/** Redeems a one-time token: valid, unused, unexpired; marks it used. */
async function redeemToken(db: Database, token: string, purpose: "verify_email" | "reset_password") {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!row)
    throw new HttpError(422, {
      code: "token_invalid",
      messageKey: "auth.tokenInvalid",
      fields: { token: ["auth.tokenInvalid"] },
    });
  return row.userId;
}

export async function verifyEmail(db: Database, token: string, client: ClientInfo): Promise<SessionStart> {
  const userId = await db.transaction(async (tx) => {
    const id = await redeemToken(tx, token, "verify_email");
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
    return id;
  });
  return startSession(db, userId, client);
}

/** Sends a reset link when the address has an account; says nothing either way. */
export async function requestPasswordReset(db: Database, email: string, publicUrl: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) return;
  const locale = asLocale(user.locale);
  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: "reset_password",
      tokenHash: hash,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await queueMails(tx, [
      {
        template: "account.password_reset",
        locale,
        to: user.email,
        content: passwordResetMail(locale, { link: `${publicUrl}/${locale}/password/reset?token=${token}` }),
      },
    ]);
  });
}

export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  client: ClientInfo,
): Promise<SessionStart> {
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const id = await redeemToken(tx, input.token, "reset_password");
    // The link reached the mailbox, so the address is confirmed too; old sessions end.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(authTokens.userId, id), eq(authTokens.purpose, "reset_password"), isNull(authTokens.usedAt)),
      );
    return id;
  });
  return startSession(db, userId, client);
}

export async function changePassword(
  db: Database,
  user: { id: number; sessionId: number },
  input: { current_password: string; password: string },
): Promise<void> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
    throw HttpError.validation({ current_password: ["auth.currentPasswordWrong"] });
  }
  const passwordHash = await hashPassword(input.password);
  const locale = asLocale(row.locale);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)));
    await queueMails(tx, [
      { template: "account.password_changed", locale, to: row.email, content: passwordChangedMail(locale) },
    ]);
  });
}

// Token and password hashing, which the app's customer accounts, the registration and the clients'
// download links use as well (docs/architecture.md, module boundaries).
export { hashPassword, hashToken, newToken, verifyAgainstDummy, verifyPassword } from "./secrets.ts";
