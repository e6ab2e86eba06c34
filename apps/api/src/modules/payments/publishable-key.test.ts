import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  earliestVoucherExpiry,
  NFT,
  NFT_PLATFORM_FEE,
  NFT_VAT_RATES,
  platformFeeCents,
  withdrawalDeadline,
} from "@stempla/domain";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.ts";
import { build } from "../../test/build.ts";
import { tempDir } from "../../test/temp-dir.ts";
import { PROVIDER_BROWSER_ORIGINS } from "./provider.ts";

// The provider's browser script (spec sections 7 and 8; decision 010, section 5): the publishable
// key reaches index.html as the marketing URL does, and the CSP allows the script's origin only
// while a key is set. And docs/product.md states the market's numbers as the domain has them.

function fakeDist(): string {
  const dir = tempDir("stempla-dist-");
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html lang="de"><head><meta name="marketing-site-url" content="" />' +
      '<meta name="payment-publishable-key" content="" /></head><body>app</body></html>',
  );
  return dir;
}

const KEY = "pk_test_51HxStempla0123456789";

/** The CSP's directives by name. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(" ")]),
  );

describe("the payment provider's publishable key", () => {
  it("is put into index.html and opens the CSP for the provider only when configured", async () => {
    const dist = fakeDist();
    const without = await build({ WEB_DIST_DIR: dist });
    const plain = await without.inject({ url: "/de/nft" });
    expect(plain.body).toContain('<meta name="payment-publishable-key" content=""');
    const csp = directives(plain.headers["content-security-policy"]);
    expect(csp).toMatchObject({ "script-src": "'self'", "frame-src": "'self'", "connect-src": "'self'" });
    await without.close();

    const withKey = await build({ WEB_DIST_DIR: dist, PAYMENT_PUBLISHABLE_KEY: KEY });
    const page = await withKey.inject({ url: "/de/nft" });
    expect(page.body).toContain(`<meta name="payment-publishable-key" content="${KEY}"`);
    expect(directives(page.headers["content-security-policy"])).toMatchObject({
      "script-src": `'self' ${PROVIDER_BROWSER_ORIGINS.script}`,
      "frame-src": `'self' ${PROVIDER_BROWSER_ORIGINS.script}`,
      "connect-src": `'self' ${PROVIDER_BROWSER_ORIGINS.connect}`,
    });
    await withKey.close();
  });

  it("refuses a secret key or garbage, and any provider but the sandbox", () => {
    expect(loadConfig({ PAYMENT_PUBLISHABLE_KEY: KEY }).payments).toEqual({
      provider: "sandbox",
      publishableKey: KEY,
    });
    expect(loadConfig({ PAYMENT_PUBLISHABLE_KEY: " " }).payments.publishableKey).toBeUndefined();
    expect(() => loadConfig({ PAYMENT_PUBLISHABLE_KEY: "sk_live_secret" })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PUBLISHABLE_KEY: 'pk_test_"><script>' })).toThrow(/publishable key/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe("docs/product.md, Coupons and vouchers", () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, "../../../../../docs/product.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Coupons and vouchers"));
  const eur = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

  it("states the fee, the VAT rates, the withdrawal and the validity as the domain has them", () => {
    expect(section.length).toBeGreaterThan(1000);
    expect(section).toContain(
      `${NFT_PLATFORM_FEE.basisPoints / 100} % of the price plus ${eur(NFT_PLATFORM_FEE.fixedCents)} per sold voucher`,
    );
    for (const price of [500, 2500, 5000])
      expect(section).toContain(`${eur(price)}: ${eur(platformFeeCents(price))}`);
    expect(section).toContain(
      `(${NFT_VAT_RATES.map((r) => `${r} %`)
        .join(", ")
        .replace(/, (?=[^,]*$)/, " or ")}`,
    );
    expect(section).toContain(`within\n${NFT.withdrawalDays} days`);
    expect(withdrawalDeadline(new Date("2026-12-11T12:00:00+01:00")).lastDay).toBe("2026-12-28");
    expect(section).toContain("bought Friday 11 December 2026: the deadline is Monday 28 December");
    expect(earliestVoucherExpiry(new Date("2026-06-01T12:00:00Z")).lastDay).toBe(
      `${2026 + NFT.voucherValidityYears}-12-31`,
    );
    expect(section).toContain("the third year\nafter the year of purchase");
    expect(section).toContain(`valid through 31 December ${2026 + NFT.voucherValidityYears}`);
    expect(section).toContain(`at least ${NFT.voucherMinValidityDays} days`);
    expect(section).toContain(`for 1 to ${NFT.maxValidityDays} days`);
    expect(section).toContain(`Receipts up to ${eur(NFT.smallReceiptMaxCents)}`);
  });
});
