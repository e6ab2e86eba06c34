import { describe, expect, it } from "vitest";
import { ConfigError, demoDefaultsInUse, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, marketingSiteUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", MARKETING_SITE_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("names each bad variable and what is wrong with it", () => {
    const load = () =>
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        MARKETING_SITE_URL: "ftp://x",
        LOG_LEVEL: "loud",
      });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain(
        'DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// connection URL',
      );
      expect(message).toContain('MARKETING_SITE_URL="ftp://x": must be an http(s) URL');
      expect(message).toContain('LOG_LEVEL="loud"');
    }
  });

  it("names the demo values that must be replaced before going live", () => {
    expect(demoDefaultsInUse({})).toContain("WALLET_SEED");
    expect(demoDefaultsInUse({})).toContain("PROVIDER_VAT_ID");
    const live = demoDefaultsInUse({
      WALLET_SEED: "x",
      PROVIDER_REGISTER: "Amtsgericht Berlin, HRB 1",
      PROVIDER_VAT_ID: "DE123456789",
      PROVIDER_MANAGING_DIRECTORS: "Erika Muster",
      PROVIDER_CREDITOR_ID: "DE98ZZZ09999999999",
      PROVIDER_IBAN: "DE89370400440532013000",
      PROVIDER_BIC: "COBADEFFXXX",
    });
    expect(live).toEqual([]);
  });
});
