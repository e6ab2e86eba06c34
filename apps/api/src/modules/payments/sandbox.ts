import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { paymentSandboxAccounts, paymentSandboxPayments } from "../../db/schema/payments.ts";
import {
  type MarketplaceProvider,
  PaymentProviderError,
  type PaymentSettings,
  type PaymentStatus,
  type ProviderEvent,
} from "./provider.ts";

// The built-in sandbox provider (docs/decisions/010-coupons-and-vouchers.md, section 5): the
// default PAYMENT_PROVIDER, so the market works end to end without a provider contract. Its books
// are tables (payment_sandbox_accounts, payment_sandbox_payments), so every process of the
// installation sees the same state. Accounts are activated on its onboarding page; payments start
// as `requires_action` and are settled on demand (settleSandboxPayment); transfers and refunds
// succeed at once. Every call with an idempotency key answers a repeat with the first record.

type SandboxRow = typeof paymentSandboxPayments.$inferSelect;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("hex")}`;

/** The path of the sandbox's onboarding page for a token (routes.ts serves it). */
export const SANDBOX_ONBOARDING_PATH = "/payments/sandbox/onboarding";

export function sandboxProvider(db: Database, settings: PaymentSettings): MarketplaceProvider {
  /**
   * Inserts a book entry under its idempotency key, or answers the entry the key already made.
   * A key reused for another kind or amount is refused, as a real provider does.
   */
  async function once(entry: typeof paymentSandboxPayments.$inferInsert): Promise<SandboxRow> {
    const [inserted] = await db
      .insert(paymentSandboxPayments)
      .values(entry)
      .onConflictDoNothing({ target: paymentSandboxPayments.idempotencyKey })
      .returning();
    if (inserted) return inserted;
    const [existing] = await db
      .select()
      .from(paymentSandboxPayments)
      .where(eq(paymentSandboxPayments.idempotencyKey, entry.idempotencyKey));
    if (!existing) throw new Error(`sandbox: idempotency key ${entry.idempotencyKey} vanished`);
    if (existing.kind !== entry.kind || existing.amountCents !== entry.amountCents)
      throw new PaymentProviderError(
        `idempotency key ${entry.idempotencyKey} was used for another ${existing.kind}`,
        "idempotency_mismatch",
      );
    return existing;
  }

  async function account(accountId: string) {
    const [row] = await db
      .select()
      .from(paymentSandboxAccounts)
      .where(eq(paymentSandboxAccounts.accountId, accountId));
    if (!row) throw new PaymentProviderError(`no sandbox account ${accountId}`, "not_found");
    return row;
  }

  async function entry(id: string, kind: SandboxRow["kind"]) {
    const [row] = await db
      .select()
      .from(paymentSandboxPayments)
      .where(and(eq(paymentSandboxPayments.id, id), eq(paymentSandboxPayments.kind, kind)));
    return row;
  }

  const amount = (cents: number) => {
    if (!Number.isSafeInteger(cents) || cents <= 0)
      throw new PaymentProviderError(`amount must be a positive number of cents: ${cents}`, "invalid");
    return cents;
  };

  return {
    name: "sandbox",

    async createAccount(companyId) {
      const accountId = newId("acct");
      await db.insert(paymentSandboxAccounts).values({
        accountId,
        companyId,
        onboardingToken: randomBytes(24).toString("base64url"),
      });
      return { accountId };
    },

    async onboardingLink(accountId, urls) {
      const [row] = await db
        .update(paymentSandboxAccounts)
        .set({ returnUrl: urls.returnUrl, refreshUrl: urls.refreshUrl })
        .where(eq(paymentSandboxAccounts.accountId, accountId))
        .returning({ token: paymentSandboxAccounts.onboardingToken });
      if (!row) throw new PaymentProviderError(`no sandbox account ${accountId}`, "not_found");
      return { url: `${settings.publicUrl}${SANDBOX_ONBOARDING_PATH}/${row.token}` };
    },

    async accountStatus(accountId) {
      const row = await account(accountId);
      const active = row.activatedAt !== null;
      return { chargesEnabled: active, payoutsEnabled: active, detailsSubmitted: active };
    },

    async createPayment(p) {
      // The app confirms a sandbox payment with the purchase's settle call (decision 010, section
      // 7: POST /api/app/nft/purchases/{id}/sandbox), so the purchase is named in the metadata.
      const purchaseId = p.metadata.purchase_id;
      if (!purchaseId || !/^\d+$/.test(purchaseId))
        throw new PaymentProviderError("sandbox payments need metadata.purchase_id", "invalid");
      const row = await once({
        id: newId("pay"),
        kind: "payment",
        idempotencyKey: p.idempotencyKey,
        amountCents: amount(p.amountCents),
        status: "requires_action",
        description: p.description,
        metadata: p.metadata,
      });
      return {
        paymentId: row.id,
        status: row.status as PaymentStatus,
        clientSecret: null,
        confirmUrl:
          row.status === "requires_action"
            ? `${settings.publicUrl}/api/app/nft/purchases/${row.metadata.purchase_id ?? purchaseId}/sandbox`
            : null,
      };
    },

    async paymentStatus(paymentId) {
      const row = await entry(paymentId, "payment");
      if (!row) throw new PaymentProviderError(`no sandbox payment ${paymentId}`, "not_found");
      return row.status as PaymentStatus;
    },

    async transfer(t) {
      const target = await account(t.accountId);
      if (!target.activatedAt)
        throw new PaymentProviderError(`sandbox account ${t.accountId} is not active`, "account_inactive");
      for (const id of t.sourcePaymentIds) {
        const source = await entry(id, "payment");
        if (source?.status !== "succeeded")
          throw new PaymentProviderError(`transfer source ${id} is no succeeded payment`, "invalid");
      }
      const row = await once({
        id: newId("tr"),
        kind: "transfer",
        idempotencyKey: t.idempotencyKey,
        amountCents: amount(t.amountCents),
        status: "succeeded",
        accountId: t.accountId,
        relatedIds: t.sourcePaymentIds,
      });
      return { transferId: row.id };
    },

    async refund(r) {
      const refundAmount = amount(r.amountCents);
      return db.transaction(async (tx) => {
        // The payment's row lock makes concurrent refunds of one payment wait for each other, so
        // together they never return more than was paid.
        const [payment] = await tx
          .select()
          .from(paymentSandboxPayments)
          .where(and(eq(paymentSandboxPayments.id, r.paymentId), eq(paymentSandboxPayments.kind, "payment")))
          .for("update");
        if (!payment) throw new PaymentProviderError(`no sandbox payment ${r.paymentId}`, "not_found");
        const [repeat] = await tx
          .select()
          .from(paymentSandboxPayments)
          .where(eq(paymentSandboxPayments.idempotencyKey, r.idempotencyKey));
        if (repeat) {
          if (repeat.kind !== "refund" || repeat.amountCents !== refundAmount)
            throw new PaymentProviderError(
              `idempotency key ${r.idempotencyKey} was used for another ${repeat.kind}`,
              "idempotency_mismatch",
            );
          return { refundId: repeat.id, status: repeat.status as "succeeded" | "failed" };
        }
        const [{ refunded }] = (await tx
          .select({ refunded: sql<number>`coalesce(sum(${paymentSandboxPayments.amountCents}), 0)::int` })
          .from(paymentSandboxPayments)
          .where(
            and(
              eq(paymentSandboxPayments.kind, "refund"),
              eq(paymentSandboxPayments.status, "succeeded"),
              sql`${paymentSandboxPayments.relatedIds} @> ${JSON.stringify([r.paymentId])}::jsonb`,
            ),
          )) as [{ refunded: number }];
        const possible = payment.status === "succeeded" && refunded + refundAmount <= payment.amountCents;
        const [row] = await tx
          .insert(paymentSandboxPayments)
          .values({
            id: newId("re"),
            kind: "refund",
            idempotencyKey: r.idempotencyKey,
            amountCents: refundAmount,
            status: possible ? "succeeded" : "failed",
            relatedIds: [r.paymentId],
          })
          .returning();
        return { refundId: row!.id, status: row!.status as "succeeded" | "failed" };
      });
    },

    async parseEvent(rawBody) {
      // The sandbox's events are not signed; instead each is checked against its books, so an
      // event can only report what the sandbox already recorded (a forged one is refused).
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return null;
      }
      if (typeof body !== "object" || body === null) return null;
      const { id, type, object_id: objectId } = body as Record<string, unknown>;
      if (typeof id !== "string" || !/^[\w.-]{1,100}$/.test(id)) return null;
      if (typeof type !== "string" || typeof objectId !== "string") return null;
      const event: ProviderEvent = { id, type, objectId, payload: body as Record<string, unknown> };
      switch (type) {
        case "account.updated": {
          const [row] = await db
            .select({ id: paymentSandboxAccounts.accountId })
            .from(paymentSandboxAccounts)
            .where(eq(paymentSandboxAccounts.accountId, objectId));
          return row ? event : null;
        }
        case "payment.succeeded":
        case "payment.failed": {
          const row = await entry(objectId, "payment");
          return row && `payment.${row.status}` === type ? event : null;
        }
        case "refund.succeeded":
        case "refund.failed": {
          const row = await entry(objectId, "refund");
          return row && `refund.${row.status}` === type ? event : null;
        }
        case "transfer.created":
          return (await entry(objectId, "transfer")) ? event : null;
        default:
          return null;
      }
    },
  };
}

/**
 * Settles a sandbox payment as the customer's choice in the sandbox does: `succeed` or `fail`.
 * Only a payment still `requires_action` changes; a repeat, or the other outcome afterwards,
 * answers the status it already has. Null for an unknown payment. For
 * `POST /api/app/nft/purchases/{id}/sandbox` (decision 010, section 5).
 */
export async function settleSandboxPayment(
  db: Database,
  paymentId: string,
  outcome: "succeed" | "fail",
): Promise<"succeeded" | "failed" | null> {
  const status = outcome === "succeed" ? "succeeded" : "failed";
  const [settled] = await db
    .update(paymentSandboxPayments)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentSandboxPayments.id, paymentId),
        eq(paymentSandboxPayments.kind, "payment"),
        eq(paymentSandboxPayments.status, "requires_action"),
      ),
    )
    .returning({ status: paymentSandboxPayments.status });
  if (settled) return settled.status as "succeeded" | "failed";
  const [row] = await db
    .select({ status: paymentSandboxPayments.status })
    .from(paymentSandboxPayments)
    .where(and(eq(paymentSandboxPayments.id, paymentId), eq(paymentSandboxPayments.kind, "payment")));
  if (!row) return null;
  return row.status === "requires_action" ? null : (row.status as "succeeded" | "failed");
}

/**
 * The onboarding page's "activate": marks the sandbox account behind the token active and answers
 * its company and return URL; null for an unknown token. Activating twice changes nothing.
 */
export async function activateSandboxAccount(
  db: Database,
  token: string,
): Promise<{ accountId: string; companyId: number; returnUrl: string | null } | null> {
  const [row] = await db
    .update(paymentSandboxAccounts)
    .set({ activatedAt: sql`coalesce(${paymentSandboxAccounts.activatedAt}, now())` })
    .where(eq(paymentSandboxAccounts.onboardingToken, token))
    .returning({
      accountId: paymentSandboxAccounts.accountId,
      companyId: paymentSandboxAccounts.companyId,
      returnUrl: paymentSandboxAccounts.returnUrl,
    });
  return row ?? null;
}

/** The sandbox account behind an onboarding token (the page shows it before activating). */
export async function sandboxAccountByToken(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(paymentSandboxAccounts)
    .where(eq(paymentSandboxAccounts.onboardingToken, token));
  return row ?? null;
}
