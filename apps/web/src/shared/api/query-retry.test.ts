import { describe, expect, it } from "vitest";
import { retryQuery } from "./query-retry.ts";

describe("retryQuery", () => {
  it("tries a network or server failure once more", () => {
    expect(retryQuery(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(retryQuery(0, { status: 503 })).toBe(true);
    expect(retryQuery(1, { status: 503 })).toBe(false);
  });

  it("never asks again what the server refused", () => {
    for (const status of [401, 403, 404, 422, 429])
      expect(retryQuery(0, { status }), String(status)).toBe(false);
  });
});
