import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { formatNftCode, type NftCodeClaims, nftCodeMessage, parseNftCode } from "@stempla/domain";
import type { Config } from "../../config.ts";

// The signed code of a coupon or voucher (docs/decisions/010-coupons-and-vouchers.md, section 1):
// Ed25519 over nftCodeMessage(), so anyone holding the published public keys can tell that we
// issued the code for that wallet. Whether the item is still valid is always the database's
// answer, never the code's.

/** PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export interface NftSigningKey {
  /** First 8 hex characters of SHA-256 of the raw public key. */
  kid: string;
  /** The raw public key, base64url (a JWK's `x`). */
  x: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface NftSigner {
  /** The key that signs new codes. */
  current: NftSigningKey;
  /** Every key whose codes are still checked (the current one first). */
  keys: NftSigningKey[];
}

function keyOfSeed(seed: Buffer): NftSigningKey {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const publicKey = createPublicKey(privateKey);
  const x = publicKey.export({ format: "jwk" }).x!;
  const kid = createHash("sha256").update(Buffer.from(x, "base64url")).digest("hex").slice(0, 8);
  return { kid, x, privateKey, publicKey };
}

const signers = new WeakMap<Config, NftSigner>();

/** The signing keys of this configuration (NFT_SIGNING_KEY, or derived from WALLET_SEED). */
export function nftSigner(config: Config): NftSigner {
  let signer = signers.get(config);
  if (!signer) {
    const keys = config.nftSigningKeys.map(keyOfSeed);
    signer = { current: keys[0]!, keys };
    signers.set(config, signer);
  }
  return signer;
}

/** The code the app shows as a QR code of PUBLIC_URL/n/{code}. Ed25519 is deterministic. */
export function signNftCode(config: Config, claims: NftCodeClaims): string {
  const { current } = nftSigner(config);
  const signature = sign(null, Buffer.from(nftCodeMessage(claims)), current.privateKey);
  return formatNftCode(claims.nftId, current.kid, signature.toString("base64url"));
}

/** The page a phone camera opens for a code: the check page. */
export const nftCheckUrl = (config: Config, code: string) => `${config.publicUrl}/n/${code}`;

/**
 * Whether `code` is a signature by one of our keys over these claims (the item's as stored). A
 * code signed for another wallet, another offer or another last day, or altered, fails.
 */
export function verifyNftCode(config: Config, code: string, claims: NftCodeClaims): boolean {
  const parsed = parseNftCode(code);
  if (!parsed || parsed.nftId !== claims.nftId) return false;
  const key = nftSigner(config).keys.find((k) => k.kid === parsed.keyId);
  if (!key) return false;
  const signature = Buffer.from(parsed.signature, "base64url");
  if (signature.length !== 64) return false;
  return verify(null, Buffer.from(nftCodeMessage(claims)), key.publicKey, signature);
}

/** GET /api/v2/nft/keys: every key codes may be signed with, as JWK-like entries. */
export function publishedNftKeys(config: Config): { kid: string; alg: "Ed25519"; x: string }[] {
  return nftSigner(config).keys.map((k) => ({ kid: k.kid, alg: "Ed25519" as const, x: k.x }));
}

/** A wallet address as the check page and the app show it: `0x12ab…9f3c`. */
export function shortWallet(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
