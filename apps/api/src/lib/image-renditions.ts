import { FILE_RENDERING } from "@stempla/domain";
import sharp from "sharp";

// Pictures partners upload (menu photos and banners, coupon and voucher photos) become WebP
// renditions for phones once, at upload (docs/decisions/009-digital-menu.md, section 4;
// 010, section 6), within the decoding budget of FILE_RENDERING.

/** One WebP rendition of an uploaded picture. */
export interface WebpRendition {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface RenderedPicture {
  /** The upright picture's size (after its EXIF orientation). */
  width: number;
  height: number;
  /** By width, smallest first. */
  renditions: WebpRendition[];
}

/** Why a picture is refused: its decoder failed, or it would decode to too many pixels. */
export type PictureIssue = "unreadable" | "tooManyPixels";

/**
 * The widths a picture of `width` pixels is rendered at: `targets`, never enlarged (a narrower
 * picture is kept at its own width instead).
 */
export function renditionWidths(targets: readonly number[], width: number): number[] {
  return [...new Set(targets.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
}

/**
 * Turns a picture upright by its EXIF orientation and renders it as WebP at `renditionWidths`.
 * The type by content is the caller's check (lib/file-sniff.ts); `refuse` makes the caller's
 * field error for a picture that cannot be decoded or is over `FILE_RENDERING.maxDecodedPixels`.
 */
export async function renderWebp(
  file: Buffer,
  targets: readonly number[],
  refuse: (issue: PictureIssue) => Error,
): Promise<RenderedPicture> {
  // The header only, of any size, so that a picture over the budget is told so before decoding.
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw refuse("unreadable");
  if (meta.width * meta.height > FILE_RENDERING.maxDecodedPixels) throw refuse("tooManyPixels");
  let { width, height } = meta;
  // EXIF orientations 5 to 8 turn the picture by 90 degrees.
  if ((meta.orientation ?? 1) >= 5) [width, height] = [height, width];

  const widths = renditionWidths(targets, width);
  // Decoded once (a truncated or damaged file fails here: sharp fails on decoder warnings), into
  // raw pixels of the largest rendition; the smaller ones are made from those, so each is encoded
  // to WebP only once.
  const largest = await sharp(file, { limitInputPixels: FILE_RENDERING.maxDecodedPixels })
    .rotate()
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw refuse("unreadable");
    });
  const { info } = largest;
  const renditions: WebpRendition[] = [];
  for (const target of widths) {
    const { data, info: out } = await sharp(largest.data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    })
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: out.width, height: out.height, bytes: data });
  }
  return { width, height, renditions };
}
