import type { AppSocialLogin } from "@stempla/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { appUserIdentities, appUsers } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import {
  type AppUserRow,
  type AppUserView,
  appUserView,
  createAppSession,
  insertAppUser,
} from "./accounts.ts";
import type { VerifiedIdentity } from "./id-token.ts";
import type { WalletDeriver } from "./wallet.ts";

/** A concurrent sign-in inserted the same identity or email first; the attempt is rolled back and repeated. */
class LostRace extends Error {}

/** One repetition sees the winner's committed rows; the third attempt is a safety margin. */
const ATTEMPTS = 3;

/**
 * Signs in the customer behind a verified ID token (docs/architecture.md, "Social sign-in"):
 * a known identity (provider + subject) is that customer; otherwise a verified email links the
 * identity to the customer with that email; otherwise a new customer, with their wallet address,
 * is created. An unverified email never links to an existing account.
 */
export async function signInWithIdentity(
  db: Database,
  wallet: WalletDeriver,
  identity: VerifiedIdentity,
  input: Pick<AppSocialLogin, "first_name" | "surname" | "locale">,
): Promise<{ token: string; user: AppUserView; created: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { user, created } = await db.transaction((tx) => resolveCustomer(tx, wallet, identity, input));
      return { token: await createAppSession(db, user.id), user: appUserView(user), created };
    } catch (error) {
      if (!(error instanceof LostRace) || attempt === ATTEMPTS) throw error;
    }
  }
}

async function resolveCustomer(
  tx: Database,
  wallet: WalletDeriver,
  identity: VerifiedIdentity,
  input: Pick<AppSocialLogin, "first_name" | "surname" | "locale">,
): Promise<{ user: AppUserRow; created: boolean }> {
  const [known] = await tx
    .select({ user: appUsers })
    .from(appUserIdentities)
    .innerJoin(appUsers, eq(appUsers.id, appUserIdentities.appUserId))
    .where(
      and(eq(appUserIdentities.provider, identity.provider), eq(appUserIdentities.subject, identity.subject)),
    );
  if (known) return { user: known.user, created: false };

  const { email } = identity;
  if (!email)
    throw new HttpError(422, { code: "social_email_missing", messageKey: "app.social.emailMissing" });
  const [holder] = await tx.select().from(appUsers).where(sql`lower(${appUsers.email}) = ${email}`);
  if (holder && !identity.emailVerified)
    throw new HttpError(409, { code: "social_email_unverified", messageKey: "app.social.emailUnverified" });

  const user =
    holder ??
    (await insertAppUser(tx, wallet, {
      email,
      passwordHash: null,
      firstName: input.first_name ?? identity.givenName ?? null,
      surname: input.surname ?? identity.familyName ?? null,
      locale: input.locale,
    }));
  if (!user) throw new LostRace();

  // The unique index on (provider, subject) lets one of two concurrent first sign-ins through.
  const [linked] = await tx
    .insert(appUserIdentities)
    .values({ appUserId: user.id, provider: identity.provider, subject: identity.subject })
    .onConflictDoNothing()
    .returning({ id: appUserIdentities.id });
  if (!linked) throw new LostRace();
  return { user, created: !holder };
}
