import type { NftMonitorRow, NftOfferSummary } from "@stempla/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { DEMO_ADMIN, DEMO_PARTNER, seedDemoAccounts } from "./accounts.ts";
import { DEMO_NFT, seedDemoNft } from "./demo-nft.ts";

// The demo café's coupons and vouchers (seed demo-nft.ts), read through the partner's API as its
// pages read them: both campaigns on the market, the monitor with every claim, sale, redemption
// and the withdrawal, and a second seed that adds nothing.

let t: TestApp;
/** Smaller than on a fresh `npm start`; enough customers for every claim and purchase. */
const STATISTICS = { customers: 40, months: 1 };
let headers: Record<string, string>;

const get = async (url: string) => {
  const res = await t.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
};
const total = async (query: string) =>
  (await get(`/api/v2/dashboard/nft/monitor${query}`)).meta.total as number;

const sold = DEMO_NFT.voucherPurchases.reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
  await seedDemoAccounts(t.db, DEMO_ADMIN, t.config, { statistics: STATISTICS });
  const login = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/login",
    payload: DEMO_PARTNER,
    remoteAddress: "10.9.0.2",
  });
  expect(login.statusCode, login.body).toBe(200);
  headers = { authorization: `Bearer ${login.json().data.token}` };
}, 180_000);

describe("demo coupons and vouchers", () => {
  it("puts a coupon and a voucher campaign on the market, with what was claimed and sold", async () => {
    const offers = (await get("/api/v2/dashboard/nft/onmarket")).data as NftOfferSummary[];
    const coupon = offers.find((o) => o.type === "coupon")!;
    const voucher = offers.find((o) => o.type === "voucher")!;
    expect(coupon).toMatchObject({
      name: "Ein Cappuccino gratis",
      sold_count: DEMO_NFT.couponClaims,
      quantity: 500,
    });
    // The withdrawn voucher goes back to the count (decision 010, section 4).
    expect(voucher).toMatchObject({
      name: "Barista-Kurs für zwei",
      price_cents: 4900,
      purpose: "single",
      sold_count: sold - DEMO_NFT.voucherWithdrawals,
    });
    expect(voucher.photo.urls.length).toBeGreaterThan(0);
    expect((await get("/api/v2/dashboard/stripe/account/status")).data).toEqual({
      is_active: true,
      redirect_to: null,
    });
  });

  it("shows every claim, sale, redemption and the withdrawal in the monitor", async () => {
    expect(await total("?kind=issued")).toBe(DEMO_NFT.couponClaims);
    expect(await total("?kind=purchased")).toBeGreaterThanOrEqual(DEMO_NFT.voucherPurchases.length);
    expect(await total("?kind=redeemed")).toBe(DEMO_NFT.couponRedemptions + DEMO_NFT.voucherRedemptions);
    expect(await total("?kind=refunded")).toBe(DEMO_NFT.voucherWithdrawals);
    const redeemed = (await get("/api/v2/dashboard/nft/monitor?kind=redeemed")).data as NftMonitorRow[];
    expect(redeemed.every((r) => r.location?.name === "Café Sonnenschein Ehrenfeld" && r.nft_id)).toBe(true);
  });

  it("adds nothing when seeded again", async () => {
    const before = await total("");
    const companyId = (await get("/api/v2/dashboard/company")).data.id as number;
    expect(await seedDemoNft(t.db, companyId, 1, t.config)).toBeUndefined();
    expect(await total("")).toBe(before);
  });
});
