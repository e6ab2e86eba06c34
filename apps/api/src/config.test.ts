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

  it("reads the sign-in providers' client ids as lists; a provider without any is off", () => {
    const config = loadConfig({
      GOOGLE_CLIENT_IDS: " a.apps.googleusercontent.com , b ",
      APPLE_CLIENT_IDS: "",
    });
    expect(config.socialClientIds).toEqual({
      google: ["a.apps.googleusercontent.com", "b"],
      apple: [],
      facebook: [],
    });
    expect(() => loadConfig({ FACEBOOK_APP_IDS: "123 456" })).toThrow(
      /FACEBOOK_APP_IDS="123 456": must be client ids/,
    );
  });

  it("names the demo values that must be replaced before going live", () => {
    expect(demoDefaultsInUse({})).toContain("WALLET_SEED");
    expect(demoDefaultsInUse({})).toContain("PROVIDER_VAT_ID");
    // The sandbox takes no real money: paid vouchers need a real provider.
    expect(demoDefaultsInUse({})).toContain("PAYMENT_PROVIDER");
    expect(demoDefaultsInUse({ PAYMENT_PROVIDER: " " })).toContain("PAYMENT_PROVIDER");
    const live = demoDefaultsInUse({
      WALLET_SEED: "x",
      PROVIDER_REGISTER: "Amtsgericht Berlin, HRB 1",
      PROVIDER_VAT_ID: "DE123456789",
      PROVIDER_MANAGING_DIRECTORS: "Erika Muster",
      PROVIDER_CREDITOR_ID: "DE98ZZZ09999999999",
      PROVIDER_IBAN: "DE89370400440532013000",
      PROVIDER_BIC: "COBADEFFXXX",
      APP_IOS_URL: "https://apps.apple.com/de/app/example/id1",
      APP_ANDROID_URL: "https://play.google.com/store/apps/details?id=com.example",
      PAYMENT_PROVIDER: "sandbox",
    });
    expect(live).toEqual([]);
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it("trusts no proxy by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
  });

  it("takes the number of proxies in front of the server", () => {
    expect(trust("1")).toBe(1);
    expect(trust(" 2 ")).toBe(2);
  });

  it("takes the proxies' addresses and networks", () => {
    expect(trust("10.0.0.5")).toEqual(["10.0.0.5"]);
    expect(trust("127.0.0.1, 10.0.0.0/8,fd00::/8")).toEqual(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
    expect(trust("loopback,uniquelocal")).toEqual(["loopback", "uniquelocal"]);
  });

  it("refuses `true`, which would let every client choose its own address", () => {
    expect(() => trust("true")).toThrow(ConfigError);
    expect(() => trust("true")).toThrow(/TRUST_PROXY="true": .*hop count.*e\.g\. 1/);
    expect(() => trust("TRUE")).toThrow(/TRUST_PROXY="TRUE"/);
  });

  it("refuses what is neither a count nor addresses", () => {
    for (const bad of ["yes", "-1", "1.5", "10.0.0.0/33", "300.1.1.1", "10.0.0.1,,", "proxy.example.com"]) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY=/);
    }
  });
});

describe("DM_LOCALES_*", () => {
  it("defaults to the spec's lists", () => {
    expect(loadConfig({}).menuLocales).toEqual({
      blockedDe: [885, 886, 887, 172],
      allowFr: [885, 886, 887, 171, 319],
      allowIt: [964],
    });
  });

  it("reads comma-separated ids; empty is no location", () => {
    const config = loadConfig({
      DM_LOCALES_BLOCKED_DE: "",
      DM_LOCALES_ALLOW_FR: " 1, 2 ",
      DM_LOCALES_ALLOW_IT: "3",
    });
    expect(config.menuLocales).toEqual({ blockedDe: [], allowFr: [1, 2], allowIt: [3] });
  });

  it("refuses what is not a list of ids", () => {
    expect(() => loadConfig({ DM_LOCALES_ALLOW_FR: "885;886" })).toThrow(
      /DM_LOCALES_ALLOW_FR="885;886": must be location ids/,
    );
  });
});
