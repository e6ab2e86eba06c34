import { createHash } from "node:crypto";
import { LOGO_MIN_PIXELS, LOGO_SIZES, type LogoSize, type LogoView } from "@stempla/domain";
import * as mupdf from "mupdf";
import sharp from "sharp";
import { HttpError } from "../../plugins/http-error.ts";

/** Spec section 5: a PDF logo counts at 200 dpi, so its page must be 256 px at 200 dpi wide and high. */
const PDF_DPI = 200;

type Kind = "png" | "jpeg" | "pdf";

/** The file type by its first bytes; the name and the browser's content type can lie. */
function sniff(file: Buffer): Kind | undefined {
  if (file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return "jpeg";
  if (file.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  return undefined;
}

/** The first page of a PDF as a PNG of at most 1024 px, and its size in pixels at 200 dpi. */
function renderPdf(file: Buffer): { image: Buffer; width: number; height: number } {
  const document = mupdf.Document.openDocument(file, "application/pdf");
  try {
    if (document.countPages() < 1) throw new HttpError(422, { fields: { file: ["logo.unreadable"] } });
    const page = document.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const width = ((x1 - x0) * PDF_DPI) / 72;
    const height = ((y1 - y0) * PDF_DPI) / 72;
    const scale = Math.min(LOGO_SIZES.large / Math.max(x1 - x0, y1 - y0), 8);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, true);
    return { image: Buffer.from(pixmap.asPNG()), width, height };
  } finally {
    document.destroy();
  }
}

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
  if (!kind) throw new HttpError(422, { fields: { file: ["logo.format"] } });

  let source: Buffer;
  let width: number;
  let height: number;
  if (kind === "pdf") {
    try {
      ({ image: source, width, height } = renderPdf(file));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw unreadable();
    }
  } else {
    const meta = await sharp(file)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw unreadable();
    source = file;
    ({ width, height } = meta);
    // EXIF orientations 5 to 8 turn the picture by 90 degrees.
    if ((meta.orientation ?? 1) >= 5) [width, height] = [height, width];
  }
  if (Math.round(width) < LOGO_MIN_PIXELS || Math.round(height) < LOGO_MIN_PIXELS) {
    throw new HttpError(422, { fields: { file: ["logo.tooSmall"] } });
  }

  const entries = await Promise.all(
    (Object.entries(LOGO_SIZES) as [LogoSize, number][]).map(async ([size, edge]) => {
      const png = await sharp(source)
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
      return [size, png] as const;
    }),
  );
  return {
    hash: createHash("sha256").update(file).digest("hex"),
    renditions: Object.fromEntries(entries) as Record<LogoSize, Buffer>,
  };
}

/** The addresses of a logo's renditions (relative to the API host); the hash makes them cacheable forever. */
export const logoUrls = (hash: string): LogoView => ({
  small: `/api/v2/logos/${hash}/small.png`,
  medium: `/api/v2/logos/${hash}/medium.png`,
  large: `/api/v2/logos/${hash}/large.png`,
});
