import { createHash } from "node:crypto";
import { FILE_RENDERING, MENU, MENU_IMAGE_WIDTHS, type MessageKey } from "@stempla/domain";
import { and, eq, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import { menuBanners, menuFiles, menuImageRenditions, menuItems } from "../../db/schema/index.ts";
import { sniff } from "../../lib/file-sniff.ts";
import { renderWebp, renditionWidths, type WebpRendition } from "../../lib/image-renditions.ts";
import { readMultipartForm } from "../../lib/multipart-form.ts";
import { runPdfWorker } from "../../lib/pdf-workers.ts";
import { HttpError } from "../../plugins/http-error.ts";
import type { PdfCheckJob, PdfCheckResult } from "./pdf-check.worker.ts";

// Menu uploads (docs/decisions/009-digital-menu.md, section 4 "Uploads"): the type by content, not
// by name; pictures become WebP renditions for phones once, at upload; PDFs are served as they are
// after MuPDF has opened them. A file is stored once per company and hash.

const refuse = (key: MessageKey) => HttpError.validation({ file: [key] });
const tooLarge = () => refuse("menu.file.tooLarge");

/**
 * @fastify/multipart's options for the routes that take a menu file: one file of at most
 * `MENU.fileBytes` and a few short text fields beside it (a banner's url and alt texts).
 */
export const menuMultipartOptions = {
  limits: { fileSize: MENU.fileBytes, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 11 },
};

export interface MenuUpload {
  /** The part named `file`, if the form had one. */
  file: Buffer | undefined;
  /** The other parts' text values by name. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart menu form. A file over the limit is answered 422 `menu.file.tooLarge` on
 * `file` in the user's language instead of multipart's 413 (section 4); a body that is not
 * multipart 415; a broken one 400.
 */
export async function readMenuUpload(request: FastifyRequest): Promise<MenuUpload> {
  const form = await readMultipartForm(request, tooLarge);
  return { file: form.files.file, fields: Object.fromEntries(form.fields) };
}

/** One WebP rendition of a menu picture. */
export type MenuRendition = WebpRendition;

export interface ProcessedMenuImage {
  kind: "image";
  /** SHA-256 of the upload: the same file is stored once (section 2). */
  hash: string;
  /** The upright picture's size (after its EXIF orientation). */
  width: number;
  height: number;
  /** The upload as it came. */
  bytes: Buffer;
  renditions: MenuRendition[];
}

export interface ProcessedMenuPdf {
  kind: "pdf";
  hash: string;
  /** The first page's size in points. */
  width: number;
  height: number;
  bytes: Buffer;
}

export type ProcessedMenuFile = ProcessedMenuImage | ProcessedMenuPdf;

const sha256 = (file: Buffer) => createHash("sha256").update(file).digest("hex");

/**
 * The widths a picture of `width` pixels is rendered at: `MENU_IMAGE_WIDTHS`, never enlarged (a
 * narrower picture is kept at its own width instead). The guest page's srcset is these.
 */
export function menuImageWidths(width: number): number[] {
  return renditionWidths(MENU_IMAGE_WIDTHS, width);
}

/**
 * Checks an uploaded menu picture (PNG, JPEG or WebP by content, at most `MENU.fileBytes`, at most
 * `FILE_RENDERING.maxDecodedPixels`), turns it upright by its EXIF orientation and renders the
 * WebP renditions of `menuImageWidths`.
 */
export async function processMenuImage(file: Buffer): Promise<ProcessedMenuImage> {
  if (file.length > MENU.fileBytes) throw tooLarge();
  const kind = sniff(file);
  if (kind !== "png" && kind !== "jpeg" && kind !== "webp") throw refuse("menu.image.format");
  const { width, height, renditions } = await renderWebp(file, MENU_IMAGE_WIDTHS, (issue) =>
    refuse(issue === "tooManyPixels" ? "menu.image.tooManyPixels" : "menu.image.unreadable"),
  );
  return { kind: "image", hash: sha256(file), width, height, bytes: file, renditions };
}

/**
 * Checks an uploaded menu PDF: at most `MENU.fileBytes`, starting with `%PDF-` and opening in
 * MuPDF with at least one page, no password (section 4). The file is kept as it came.
 */
export async function processMenuPdf(file: Buffer): Promise<ProcessedMenuPdf> {
  if (file.length > MENU.fileBytes) throw tooLarge();
  if (sniff(file) !== "pdf") throw refuse("menu.pdf.notPdf");
  const result = await checkPdf(file);
  if (result.kind !== "pdf") throw refuse("menu.pdf.notPdf");
  return { kind: "pdf", hash: sha256(file), width: result.width, height: result.height, bytes: file };
}

/**
 * Stores a checked file for the company, once per hash: a file uploaded again (or used by another
 * item) is the row already there. Returns the hash the items and banners refer to.
 */
export async function storeMenuFile(
  tx: Database,
  companyId: number,
  file: ProcessedMenuFile,
): Promise<string> {
  const inserted = await tx
    .insert(menuFiles)
    .values({
      companyId,
      hash: file.hash,
      kind: file.kind,
      bytes: file.bytes,
      width: file.width,
      height: file.height,
      sizeBytes: file.bytes.length,
    })
    .onConflictDoNothing()
    .returning({ hash: menuFiles.hash });
  if (inserted.length > 0 && file.kind === "image") {
    await tx.insert(menuImageRenditions).values(
      file.renditions.map((r) => ({
        companyId,
        hash: file.hash,
        width: r.width,
        height: r.height,
        format: "webp" as const,
        bytes: r.bytes,
      })),
    );
  }
  return file.hash;
}

/**
 * Deletes the company's file (and its renditions, by cascade) when no item and no banner refers
 * to it any more (section 1, "Deleted means deleted"); called in the transaction that removed or
 * replaced the last reference. Returns whether it was deleted.
 */
export async function deleteUnreferencedFile(
  tx: Database,
  companyId: number,
  hash: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(menuFiles)
    .where(
      and(
        eq(menuFiles.companyId, companyId),
        eq(menuFiles.hash, hash),
        sql`not exists (${tx
          .select({ one: sql`1` })
          .from(menuItems)
          .where(
            and(
              eq(menuItems.companyId, companyId),
              or(eq(menuItems.imageHash, hash), eq(menuItems.pdfHash, hash)),
            ),
          )})`,
        sql`not exists (${tx
          .select({ one: sql`1` })
          .from(menuBanners)
          .where(and(eq(menuBanners.companyId, companyId), eq(menuBanners.imageHash, hash)))})`,
      ),
    )
    .returning({ hash: menuFiles.hash });
  return deleted.length > 0;
}

/** A picture's rendition at one width, for the public media route. */
export async function menuRendition(db: Database, companyId: number, hash: string, width: number) {
  const [row] = await db
    .select({ bytes: menuImageRenditions.bytes })
    .from(menuImageRenditions)
    .where(
      and(
        eq(menuImageRenditions.companyId, companyId),
        eq(menuImageRenditions.hash, hash),
        eq(menuImageRenditions.width, width),
      ),
    );
  return row?.bytes;
}

/** A stored PDF as it was uploaded, for the public media route. */
export async function menuPdf(db: Database, companyId: number, hash: string) {
  const [row] = await db
    .select({ bytes: menuFiles.bytes })
    .from(menuFiles)
    .where(and(eq(menuFiles.companyId, companyId), eq(menuFiles.hash, hash), eq(menuFiles.kind, "pdf")));
  return row?.bytes;
}

/** The public addresses of a stored file: a picture's renditions by width, or the PDF. */
export const menuImageUrl = (companyId: number, hash: string, width: number) =>
  `/media/menu/${companyId}/${hash}/${width}.webp`;
export const menuPdfUrl = (companyId: number, hash: string) => `/media/menu/${companyId}/${hash}.pdf`;

const workerFile = new URL("./pdf-check.worker.ts", import.meta.url);

function checkPdf(file: Buffer) {
  // One limit with the logo's renders: every MuPDF worker counts (lib/pdf-workers.ts).
  const job: PdfCheckJob = {
    file: new Uint8Array(file),
    memoryBytes: FILE_RENDERING.pdfRenderMemoryMb * 1024 * 1024,
  };
  return runPdfWorker<PdfCheckResult>(
    workerFile,
    job,
    { heapMb: FILE_RENDERING.pdfRenderHeapMb, timeoutMs: FILE_RENDERING.pdfRenderSeconds * 1000 },
    "menu.file.busy",
  );
}
