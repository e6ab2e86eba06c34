import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { bearerToken } from "./auth.ts";

const withAuthorization = (authorization?: string) => ({ headers: { authorization } }) as FastifyRequest;

describe("bearerToken", () => {
  it("reads the token of an Authorization: Bearer header", () => {
    expect(bearerToken(withAuthorization("Bearer abc-DEF_123"))).toBe("abc-DEF_123");
    expect(bearerToken(withAuthorization("Bearer  abc "))).toBe("abc");
  });

  it("is undefined without a header, for another scheme or an empty token", () => {
    expect(bearerToken(withAuthorization())).toBeUndefined();
    expect(bearerToken(withAuthorization("Basic dXNlcjpwdw=="))).toBeUndefined();
    expect(bearerToken(withAuthorization("bearer abc"))).toBeUndefined();
    expect(bearerToken(withAuthorization("Bearer    "))).toBeUndefined();
  });
});
