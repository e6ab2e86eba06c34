import type { Locale } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { paymentAccounts } from "../../db/schema/payments.ts";
import { paymentProvider, paymentSettings } from "./select.ts";

// The partner's payout account at the marketplace provider (docs/decisions/010-coupons-and-vouchers.md,
// section 1 "Payout account"): selling paid vouchers needs it active. Our row mirrors the
// provider's flags; the provider's answer is asked again while the account is not active yet.

export interface PayoutAccountStatus {
  is_active: boolean;
  /** The provider's onboarding link while the account is not active; null when it is. */
  redirect_to: string | null;
}

type AccountRow = typeof paymentAccounts.$inferSelect;

const isActive = (row: Pick<AccountRow, "chargesEnabled" | "payoutsEnabled">) =>
  row.chargesEnabled && row.payoutsEnabled;

/** The vouchers page, which then says the account is ready: where onboarding ends. */
export const payoutReturnPath = (locale: Locale) => `/${locale}/nft?payout=ready`;

/** Where the provider sends the partner back (an absolute URL, as providers require). */
export function payoutReturnUrl(publicUrl: string, locale: Locale): string {
  return `${publicUrl}${payoutReturnPath(locale)}`;
}

/**
 * `GET /dashboard/stripe/account/status` (spec sections 4 and 7): creates the account at the
 * provider when the partner has none, and while it is not active answers the onboarding link the
 * browser goes to. Create/absolute-coupon answers 409 `payment_account_inactive` with the same
 * `redirect_to`.
 */
export async function payoutAccountStatus(
  db: Database,
  companyId: number,
  locale: Locale,
): Promise<PayoutAccountStatus> {
  const provider = paymentProvider(db);
  let row = await accountOf(db, companyId);
  if (!row) {
    const { accountId } = await provider.createAccount(companyId);
    // Two first calls at once: the primary key keeps one account; the other call reads it.
    await db
      .insert(paymentAccounts)
      .values({ companyId, provider: provider.name, accountId })
      .onConflictDoNothing({ target: paymentAccounts.companyId });
    row = await accountOf(db, companyId);
    if (!row) throw new Error(`payment account of company ${companyId} vanished`);
  }
  if (!isActive(row)) row = await syncPaymentAccount(db, row.accountId);
  if (row && isActive(row)) return { is_active: true, redirect_to: null };
  const { publicUrl } = paymentSettings(db);
  const { url } = await provider.onboardingLink(row!.accountId, {
    returnUrl: payoutReturnUrl(publicUrl, locale),
    // An expired or reused link brings the partner back to the choice of what to create, which
    // asks for a fresh link.
    refreshUrl: `${publicUrl}/${locale}/nft/create`,
  });
  return { is_active: false, redirect_to: url };
}

/** Whether the partner can sell paid vouchers now (our mirror of the provider's flags). */
export async function hasActivePayoutAccount(db: Database, companyId: number): Promise<boolean> {
  const row = await accountOf(db, companyId);
  return row !== undefined && isActive(row);
}

/** The partner's payout account row, if it has one. */
export async function accountOf(db: Database, companyId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.companyId, companyId));
  return row;
}

/**
 * Asks the provider for an account's flags and stores them (after onboarding, and on the
 * provider's `account.updated` event). `activated_at` records the first time it became active.
 * Undefined for an account that is not ours.
 */
export async function syncPaymentAccount(db: Database, accountId: string): Promise<AccountRow | undefined> {
  const status = await paymentProvider(db).accountStatus(accountId);
  const active = status.chargesEnabled && status.payoutsEnabled;
  const [row] = await db
    .update(paymentAccounts)
    .set({
      chargesEnabled: status.chargesEnabled,
      payoutsEnabled: status.payoutsEnabled,
      detailsSubmitted: status.detailsSubmitted,
      activatedAt: active
        ? sql`coalesce(${paymentAccounts.activatedAt}, now())`
        : paymentAccounts.activatedAt,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentAccounts.accountId, accountId))
    .returning();
  return row;
}
