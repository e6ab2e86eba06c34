import type { AppRegister } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import { type Database, executePrepared, rowsOf } from "../../db/client.ts";
import { appSessions, appUsers } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { hashPassword, hashToken, newToken, verifyAgainstDummy, verifyPassword } from "../auth/service.ts";
import type { WalletDeriver } from "./wallet.ts";

/** App sessions last 90 days: customers should not have to log in at the till. */
export const APP_SESSION_DAYS = 90;

export interface AppUserView {
  id: number;
  email: string;
  first_name: string | null;
  surname: string | null;
  phone: string | null;
  date_of_birth: string | null;
  wallet_address: string;
  locale: string;
}

export type AppUserRow = typeof appUsers.$inferSelect;

/** The customer as the API shows them. */
const view = (u: AppUserRow): AppUserView => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  surname: u.surname,
  phone: u.phone,
  date_of_birth: u.dateOfBirth,
  wallet_address: u.walletAddress ?? "",
  locale: u.locale,
});

/**
 * Inserts a customer and sets their wallet address, derived from the new user number, in the
 * caller's transaction. Undefined when the email is taken (the unique index decides, also between
 * two registrations at the same moment).
 */
export async function insertAppUser(
  tx: Database,
  wallet: WalletDeriver,
  values: Omit<typeof appUsers.$inferInsert, "id" | "walletAddress">,
): Promise<AppUserRow | undefined> {
  const [created] = await tx.insert(appUsers).values(values).onConflictDoNothing().returning();
  if (!created) return undefined;
  const [withWallet] = await tx
    .update(appUsers)
    .set({ walletAddress: wallet.addressFor(created.id) })
    .where(eq(appUsers.id, created.id))
    .returning();
  return withWallet!;
}

/**
 * Creates the customer and their wallet address (index = user number), then a session.
 * `passwordHash`: the simulator registers many customers with one password and hashes it once.
 */
export async function registerAppUser(
  db: Database,
  wallet: WalletDeriver,
  input: AppRegister,
  passwordHash?: string,
): Promise<{ token: string; user: AppUserView }> {
  passwordHash ??= await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const created = await insertAppUser(tx, wallet, {
      email: input.email,
      passwordHash,
      firstName: input.first_name ?? null,
      surname: input.surname ?? null,
      phone: input.phone ?? null,
      dateOfBirth: input.date_of_birth ?? null,
      locale: input.locale,
    });
    if (!created)
      throw new HttpError(409, { messageKey: "app.emailTaken", fields: { email: ["app.emailTaken"] } });
    return created;
  });
  return { token: await createAppSession(db, user.id), user: view(user) };
}

export async function loginAppUser(
  db: Database,
  email: string,
  password: string,
): Promise<{ token: string; user: AppUserView }> {
  const [user] = await db
    .select()
    .from(appUsers)
    .where(sql`lower(${appUsers.email}) = ${email.toLowerCase()}`);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!user || !ok)
    throw new HttpError(401, { code: "invalid_credentials", messageKey: "auth.invalidCredentials" });
  return { token: await createAppSession(db, user.id), user: view(user) };
}

export async function createAppSession(db: Database, appUserId: number): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(appSessions).values({
    appUserId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + APP_SESSION_DAYS * 86_400_000),
  });
  return token;
}

/** The customer behind a Bearer token, or undefined. */
export async function appUserOfToken(db: Database, token: string): Promise<number | undefined> {
  // Every app request asks this: a prepared statement (see executePrepared).
  const [row] = rowsOf<{ id: number }>(
    await executePrepared(
      db,
      "app-session",
      sql`select app_user_id::int as id from app_sessions
        where token_hash = ${hashToken(token)} and expires_at > ${new Date().toISOString()}::timestamptz`,
    ),
  );
  return row?.id;
}

export async function logoutAppUser(db: Database, token: string): Promise<void> {
  await db.delete(appSessions).where(eq(appSessions.tokenHash, hashToken(token)));
}

export async function getAppUser(db: Database, appUserId: number): Promise<AppUserView> {
  const [user] = await db.select().from(appUsers).where(eq(appUsers.id, appUserId));
  if (!user) throw new HttpError(401);
  return view(user);
}

export { view as appUserView };
