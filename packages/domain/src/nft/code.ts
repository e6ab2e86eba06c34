// The NFT id and the signed code a customer shows at the counter
// (docs/decisions/010-coupons-and-vouchers.md, section 1). The API signs with Ed25519 (node:crypto)
// and publishes the public keys, so the check page, the app and later a partner's till
// (roadmap 5) verify the same bytes; here are only the formats, which need no crypto.

/** An NFT id: "N" and 26 characters of Crockford base32 (128 random bits). */
export const NFT_ID_PATTERN = /^N[0-9A-HJKMNP-TV-Z]{26}$/;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Encodes 16 random bytes as an NFT id (the API passes crypto.randomBytes(16)). */
export function nftIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError("an NFT id takes 16 bytes");
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = "";
  for (let i = 0; i < 26; i++) {
    out = CROCKFORD[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return `N${out}`;
}

export interface NftCodeClaims {
  nftId: string;
  offerId: number;
  /** The holder's wallet address (EIP-55 as stored; signed in lower case). */
  walletAddress: string;
  /** The entry's last valid day, YYYY-MM-DD (Berlin). */
  lastDay: string;
}

/**
 * The exact bytes that are signed: a version tag and the claims, "|"-separated, the address in
 * lower case so the checksum's capitals cannot make two texts of one wallet.
 */
export function nftCodeMessage(claims: NftCodeClaims): string {
  return [
    "stempla-nft-v1",
    claims.nftId,
    String(claims.offerId),
    claims.walletAddress.toLowerCase(),
    claims.lastDay,
  ].join("|");
}

/** The code in the QR: "{nftId}.{keyId}.{signature as base64url}", the path of PUBLIC_URL/n/{code}. */
export function formatNftCode(nftId: string, keyId: string, signatureBase64Url: string): string {
  return `${nftId}.${keyId}.${signatureBase64Url}`;
}

/** Splits a code; null when it cannot be one (the check page answers "not a valid voucher"). */
export function parseNftCode(code: string): { nftId: string; keyId: string; signature: string } | null {
  const match = /^(N[0-9A-HJKMNP-TV-Z]{26})\.([0-9a-f]{8})\.([A-Za-z0-9_-]{86})$/.exec(code.trim());
  if (!match) return null;
  return { nftId: match[1]!, keyId: match[2]!, signature: match[3]! };
}
