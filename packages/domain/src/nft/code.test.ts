import { describe, expect, it } from "vitest";
import { formatNftCode, NFT_ID_PATTERN, nftCodeMessage, nftIdFromBytes, parseNftCode } from "./code.ts";

describe("NFT ids", () => {
  it("encode 128 bits as 26 Crockford base32 characters", () => {
    expect(nftIdFromBytes(new Uint8Array(16))).toBe(`N${"0".repeat(26)}`);
    expect(nftIdFromBytes(new Uint8Array(16).fill(255))).toBe("N7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    const id = nftIdFromBytes(Uint8Array.from({ length: 16 }, (_, i) => i * 17));
    expect(id).toMatch(NFT_ID_PATTERN);
    expect(() => nftIdFromBytes(new Uint8Array(15))).toThrow(RangeError);
  });
});

describe("signed codes", () => {
  const signature = `${"A".repeat(85)}w`;
  const id = nftIdFromBytes(Uint8Array.from({ length: 16 }, (_, i) => i));

  it("sign the claims with the address in lower case", () => {
    expect(
      nftCodeMessage({
        nftId: id,
        offerId: 42,
        walletAddress: "0xAbC0000000000000000000000000000000000001",
        lastDay: "2029-12-31",
      }),
    ).toBe(`stempla-nft-v1|${id}|42|0xabc0000000000000000000000000000000000001|2029-12-31`);
  });

  it("format and parse back", () => {
    const code = formatNftCode(id, "0a1b2c3d", signature);
    expect(parseNftCode(code)).toEqual({ nftId: id, keyId: "0a1b2c3d", signature });
    expect(parseNftCode(` ${code} `)).not.toBeNull();
  });

  it("refuse anything else", () => {
    expect(parseNftCode("")).toBeNull();
    expect(parseNftCode(`${id}.0a1b2c3d`)).toBeNull();
    expect(parseNftCode(`${id}.0A1B2C3D.${signature}`)).toBeNull();
    expect(parseNftCode(`${id}.0a1b2c3d.${signature}x`)).toBeNull();
    expect(parseNftCode(`${id.replace("N", "X")}.0a1b2c3d.${signature}`)).toBeNull();
  });
});
