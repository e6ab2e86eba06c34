// Public pictures addressed by the SHA-256 of their upload (the menus' and the coupons' media,
// docs/decisions/009-digital-menu.md section 4 and 010 section 6): the address never changes its
// content, so a cache may keep it forever, and a malformed address is 404 like an unknown one.

/** Content addressed (the SHA-256 of the upload is in the path), so a cache may keep it forever. */
export const CACHE_FOREVER = "public, max-age=31536000, immutable";

const COMPANY = /^[1-9][0-9]{0,15}$/;
export const SHA256_HEX = /^[0-9a-f]{64}$/;
const RENDITION = /^([1-9][0-9]{0,4})\.webp$/;

/** A company id of a media path, or undefined when it is not one. */
export function companyOfPath(value: string): number | undefined {
  if (!COMPANY.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** `/{company}/{hash}/{width}.webp` read, or undefined when any part is malformed. */
export function renditionAddress(params: {
  company: string;
  hash: string;
  file: string;
}): { companyId: number; hash: string; width: number } | undefined {
  const companyId = companyOfPath(params.company);
  const width = RENDITION.exec(params.file)?.[1];
  if (companyId === undefined || !SHA256_HEX.test(params.hash) || !width) return undefined;
  return { companyId, hash: params.hash, width: Number(width) };
}
