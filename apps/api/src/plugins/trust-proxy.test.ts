import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/client.ts";
import { build } from "../test/build.ts";

// Behind one reverse proxy (TRUST_PROXY=1) the client's address is the right-most
// X-Forwarded-For entry, the one the proxy appended; whatever the client wrote before it is not
// an address the rate limits may count by.

const message = (n: number) => ({
  name: "Anna Muster",
  email: `anna${n}@cafe-sonne.de`,
  topic: "sales",
  message: "Wir haben zwei Filialen in Köln und möchten die Stempelkarte einführen.",
  privacy_accepted: true,
});

describe("TRUST_PROXY as a hop count", () => {
  it("a spoofed left-most X-Forwarded-For does not escape the per-address limit", async () => {
    const t = await build({ TRUST_PROXY: "1" });
    // The contact form allows 10 messages an hour from one address.
    const send = (n: number, forwardedFor: string) =>
      t.inject({
        method: "POST",
        url: "/api/v2/contact",
        payload: message(n),
        headers: { "x-forwarded-for": forwardedFor },
        remoteAddress: "10.0.0.2",
      });
    for (let n = 0; n < 10; n++) {
      const res = await send(n, `198.51.100.${n}, 203.0.113.7`);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await send(10, "198.51.100.99, 203.0.113.7")).statusCode).toBe(429);
    expect((await send(11, "203.0.113.7")).statusCode).toBe(429);
    // Another client behind the same proxy has its own limit.
    expect((await send(12, "198.51.100.1, 203.0.113.8")).statusCode).toBe(201);
  });

  it("with the proxy's address, only what that proxy forwards counts", async () => {
    const t = await build({ TRUST_PROXY: "10.0.0.2" });
    const send = (n: number, remoteAddress: string) =>
      t.inject({
        method: "POST",
        url: "/api/v2/contact",
        payload: message(n),
        headers: { "x-forwarded-for": "198.51.100.1" },
        remoteAddress,
      });
    expect((await send(0, "10.0.0.2")).statusCode).toBe(201);
    // A client that connects directly cannot claim another address.
    expect((await send(1, "10.0.0.3")).statusCode).toBe(201);
    const keys = rowsOf<{ key: string }>(
      await t.db.execute(sql`select key from rate_limits where key like 'contact:ip:%' order by key`),
    ).map((row) => row.key);
    expect(keys).toEqual(["contact:ip:10.0.0.3", "contact:ip:198.51.100.1"]);
  });
});
