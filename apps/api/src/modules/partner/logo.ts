import { createHash } from "node:crypto";
import { FILE_RENDERING, LOGO_MIN_PIXELS, LOGO_SIZES, type LogoSize, type LogoView } from "@stempla/domain";
import sharp from "sharp";
import { sniff } from "../../lib/file-sniff.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { renderPdfLogo } from "./logo-pdf.ts";

/** sharp refuses to decode more pixels than this instead of allocating them (spec section 5 needs 1024 px). */
const limitInputPixels = FILE_RENDERING.maxDecodedPixels;

export interface ProcessedLogo {
  hash: string;
  renditions: Record<LogoSize, Buffer>;
}

const unreadable = () => new HttpError(422, { fields: { file: ["logo.unreadable"] } });

/**
 * Checks an uploaded logo (PNG, JPEG or PDF, at least 256x256 px) and renders the square PNGs the
 * app and the dashboard use, with transparent padding so that no logo is cropped.
 */
export async function processLogo(file: Buffer): Promise<ProcessedLogo> {
  const kind = sniff(file);
  // A logo is PNG, JPEG or PDF (spec section 5); WebP is for menu images only.
  if (kind !== "png" && kind !== "jpeg" && kind !== "pdf")
    throw new HttpError(422, { fields: { file: ["logo.format"] } });

  let source: Buffer;
  let width: number;
  let height: number;
  if (kind === "pdf") {
    ({ image: source, width, height } = await renderPdfLogo(file, LOGO_SIZES.large));
  } else {
    // The header only, of any size, so that a picture over the budget is told so before any decoding.
    const meta = await sharp(file, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > limitInputPixels) {
      throw new HttpError(422, { fields: { file: ["logo.tooManyPixels"] } });
    }
    source = file;
    ({ width, height } = meta);
    // EXIF orientations 5 to 8 turn the picture by 90 degrees.
    if ((meta.orientation ?? 1) >= 5) [width, height] = [height, width];
  }
  if (Math.round(width) < LOGO_MIN_PIXELS || Math.round(height) < LOGO_MIN_PIXELS) {
    throw new HttpError(422, { fields: { file: ["logo.tooSmall"] } });
  }

  // The upload is decoded once, into the largest rendition; the smaller ones are made from it.
  const square = (input: Buffer, edge: number) =>
    sharp(input, { limitInputPixels })
      .rotate()
      .resize(edge, edge, {
        fit: "contain",
        background: { r: 0, g: 0, b: 0, alpha: 0 },
        withoutEnlargement: false,
      })
      .png({ compressionLevel: 9 })
      .toBuffer()
      .catch(() => {
        throw unreadable();
      });
  const large = await square(source, LOGO_SIZES.large);
  const renditions: Record<LogoSize, Buffer> = {
    small: await square(large, LOGO_SIZES.small),
    medium: await square(large, LOGO_SIZES.medium),
    large,
  };
  return {
    hash: createHash("sha256").update(file).digest("hex"),
    renditions,
  };
}

/** The addresses of a logo's renditions (relative to the API host); the hash makes them cacheable forever. */
export const logoUrls = (hash: string): LogoView => ({
  small: `/api/v2/logos/${hash}/small.png`,
  medium: `/api/v2/logos/${hash}/medium.png`,
  large: `/api/v2/logos/${hash}/large.png`,
});
