import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentAccounts, paymentProviderEvents } from "../../db/schema/payments.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { companyIdOf } from "../../test/review.ts";
import { PaymentProviderError } from "./provider.ts";
import { settleSandboxPayment } from "./sandbox.ts";
import { paymentProvider } from "./select.ts";

// The payout account, the sandbox provider and the provider's notifications
// (docs/decisions/010-coupons-and-vouchers.md, sections 1 and 5).

let t: TestApp;
let partner: Awaited<ReturnType<typeof signedInPartner>>;

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  partner = await signedInPartner(t);
});

const accountStatus = (headers: Record<string, string>, locale = "de") =>
  t.inject({
    method: "GET",
    url: "/api/v2/dashboard/stripe/account/status",
    headers: { ...headers, "content-language": locale },
  });

const webhook = (body: unknown, provider = "sandbox") =>
  t.inject({
    method: "POST",
    url: `/api/v2/payments/webhooks/${provider}`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

describe("payout account", () => {
  it("is inactive with an onboarding link, the page activates it, then it is active", async () => {
    const first = await accountStatus(partner.headers, "en");
    expect(first.statusCode).toBe(200);
    const { is_active, redirect_to } = first.json().data;
    expect(is_active).toBe(false);
    expect(redirect_to).toMatch(new RegExp(`^${ORIGIN}/payments/sandbox/onboarding/[\\w-]{20,}$`));

    // Asking again keeps the one account and gives a link to it.
    const again = (await accountStatus(partner.headers)).json().data;
    expect(again.is_active).toBe(false);
    const accounts = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, companyIdOf(partner)));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ provider: "sandbox", chargesEnabled: false, activatedAt: null });

    // The page speaks the language the partner asked in last (de), names the company, no script.
    const path = new URL(again.redirect_to).pathname;
    const page = await t.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain("Konto aktivieren");
    expect(page.body).toContain("Bäckerei Korn");
    expect(page.body).not.toContain("<script");

    const activate = await t.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(activate.statusCode).toBe(303);
    expect(activate.headers.location).toBe("/de/nft?payout=ready");

    expect((await accountStatus(partner.headers)).json().data).toEqual({
      is_active: true,
      redirect_to: null,
    });
    const [row] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, companyIdOf(partner)));
    expect(row).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    expect(row!.activatedAt).toBeInstanceOf(Date);

    // The link again: the account is active, the page says so and leads back.
    const later = await t.inject({ method: "GET", url: path });
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain("Ihr Auszahlungskonto ist aktiv");
    expect(later.body).toContain('href="/de/nft?payout=ready"');
  });

  it("is each partner's own: another partner gets its own account and link", async () => {
    const other = await signedInPartner(t);
    const res = (await accountStatus(other.headers, "en")).json().data;
    expect(res.is_active).toBe(false);
    const page = await t.inject({ method: "GET", url: new URL(res.redirect_to).pathname });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain("Activate account");
    expect(page.body).not.toContain(partner.user.company.name);
  });

  it("keeps one account when the first calls come at once, all pointing to its one link", async () => {
    const other = await signedInPartner(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => accountStatus(other.headers)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().data.redirect_to)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, companyIdOf(other)));
    expect(rows).toHaveLength(1);
  });

  it("answers an unknown onboarding token with a 404 page, and strangers 401 on the status", async () => {
    const page = await t.inject({ method: "GET", url: "/payments/sandbox/onboarding/not-a-token" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Link ungültig");
    const post = await t.inject({
      method: "POST",
      url: "/payments/sandbox/onboarding/not-a-token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(post.statusCode).toBe(404);
    expect((await accountStatus({})).statusCode).toBe(401);
  });
});

describe("sandbox payments", () => {
  it("start requiring action with a confirm URL and settle on demand, once", async () => {
    const provider = paymentProvider(t.db);
    const ok = await provider.createPayment({
      amountCents: 2500,
      idempotencyKey: "purchase-1",
      description: "2 × Brunch für zwei",
      metadata: { purchase_id: "1" },
    });
    expect(ok).toMatchObject({ status: "requires_action", clientSecret: null });
    expect(ok.confirmUrl).toBe(`${ORIGIN}/api/app/nft/purchases/1/sandbox`);
    // The same key answers the same payment; another amount under it is refused.
    expect((await provider.createPayment({ ...paymentInput(2500, "purchase-1") })).paymentId).toBe(
      ok.paymentId,
    );
    await expect(provider.createPayment(paymentInput(999, "purchase-1"))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );

    expect(await provider.paymentStatus(ok.paymentId)).toBe("requires_action");
    expect(await settleSandboxPayment(t.db, ok.paymentId, "succeed")).toBe("succeeded");
    expect(await provider.paymentStatus(ok.paymentId)).toBe("succeeded");
    // Settled is final: a later "fail" answers what it is.
    expect(await settleSandboxPayment(t.db, ok.paymentId, "fail")).toBe("succeeded");

    const bad = await provider.createPayment(paymentInput(1000, "purchase-2"));
    expect(await settleSandboxPayment(t.db, bad.paymentId, "fail")).toBe("failed");
    expect(await provider.paymentStatus(bad.paymentId)).toBe("failed");
    expect(await settleSandboxPayment(t.db, "pay_sbx_unknown", "succeed")).toBeNull();
  });

  it("refunds at once, never more than was paid, and a key answers its first refund", async () => {
    const provider = paymentProvider(t.db);
    const { paymentId } = await provider.createPayment(paymentInput(3000, "purchase-3"));
    // Not paid yet: nothing to refund.
    expect((await provider.refund({ paymentId, amountCents: 1500, idempotencyKey: "refund-a" })).status).toBe(
      "failed",
    );
    await settleSandboxPayment(t.db, paymentId, "succeed");
    const first = await provider.refund({ paymentId, amountCents: 1500, idempotencyKey: "refund-b" });
    expect(first.status).toBe("succeeded");
    expect(await provider.refund({ paymentId, amountCents: 1500, idempotencyKey: "refund-b" })).toEqual(
      first,
    );
    // Concurrent refunds of the rest: together never more than the payment.
    const [x, y] = await Promise.all([
      provider.refund({ paymentId, amountCents: 1500, idempotencyKey: "refund-c" }),
      provider.refund({ paymentId, amountCents: 1500, idempotencyKey: "refund-d" }),
    ]);
    expect([x.status, y.status].sort()).toEqual(["failed", "succeeded"]);
    await expect(
      provider.refund({ paymentId: "pay_sbx_nope", amountCents: 1, idempotencyKey: "r" }),
    ).rejects.toThrow(PaymentProviderError);
  });
});

describe("provider notifications", () => {
  it("are checked against the sandbox's books and stored once", async () => {
    const provider = paymentProvider(t.db);
    const { paymentId } = await provider.createPayment(paymentInput(1200, "purchase-4"));
    const event = { id: "evt_1", type: "payment.succeeded", object_id: paymentId };
    // Not true yet: refused, nothing stored.
    expect((await webhook(event)).statusCode).toBe(400);
    await settleSandboxPayment(t.db, paymentId, "succeed");
    // No purchase carries this payment (yet): stored, answered 503 so the provider delivers it
    // again, and a repeat is no duplicate of a handled notice.
    const first = await webhook(event);
    expect(first.statusCode).toBe(503);
    const second = await webhook(event);
    expect(second.statusCode).toBe(503);
    const rows = await t.db
      .select()
      .from(paymentProviderEvents)
      .where(sql`${paymentProviderEvents.eventId} = 'evt_1'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "sandbox", type: "payment.succeeded" });
    // No purchase carries this payment (yet): left unprocessed, so a redelivery applies it.
    expect(rows[0]!.processedAt).toBeNull();

    expect((await webhook({ id: "evt_2", type: "payment.failed", object_id: paymentId })).statusCode).toBe(
      400,
    );
    expect((await webhook({ id: "evt_3", type: "anything", object_id: paymentId })).statusCode).toBe(400);
    expect((await webhook("not an object")).statusCode).toBe(400);
    expect((await webhook(event, "stripe")).statusCode).toBe(404);
  });

  it("account.updated refreshes the partner's payout account", async () => {
    const other = await signedInPartner(t);
    const { redirect_to } = (await accountStatus(other.headers)).json().data;
    const [row] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, companyIdOf(other)));
    // Activated at the provider without the return trip (the partner closed the tab).
    const token = new URL(redirect_to).pathname.split("/").pop()!;
    await t.db.execute(
      sql`update payment_sandbox_accounts set activated_at = now() where onboarding_token = ${token}`,
    );
    const res = await webhook({ id: "evt_acct_1", type: "account.updated", object_id: row!.accountId });
    expect(res.statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, companyIdOf(other)));
    expect(after).toMatchObject({ chargesEnabled: true, payoutsEnabled: true });
  });
});

function paymentInput(amountCents: number, idempotencyKey: string) {
  return {
    amountCents,
    idempotencyKey,
    description: "Gutschein",
    metadata: { purchase_id: idempotencyKey.replace(/\D/g, "") || "9" },
  };
}
