import { createHash } from "node:crypto";
import { type MessageKey, NFT, type NftPhotoView } from "@stempla/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { nftOffers, nftPhotoRenditions, nftPhotos } from "../../db/schema/index.ts";
import { CACHE_FOREVER, renditionAddress } from "../../lib/content-addressed-media.ts";
import { fileResponse } from "../../lib/file-response.ts";
import { sniff } from "../../lib/file-sniff.ts";
import { renderWebp, type WebpRendition } from "../../lib/image-renditions.ts";
import { HttpError } from "../../plugins/http-error.ts";

// An offer's photo (docs/decisions/010-coupons-and-vouchers.md, sections 1, 6 and 7): JPG or PNG
// by content, at most NFT.photoBytes, rendered once to WebP at NFT.photoWidths and stored per
// company and SHA-256 like the menus' pictures (decision 009), served at
// /media/nft/{company}/{hash}/{width}.webp, cacheable forever.

const refuse = (key: MessageKey) => HttpError.validation({ photo: [key] });
export const photoTooLarge = () => refuse("nft.photo.tooLarge");
export const photoRequired = () => refuse("nft.photo.required");

/**
 * @fastify/multipart's options for the create and update calls: one photo of at most
 * `NFT.photoBytes` and the offer's text fields beside it (`location_ids` may repeat, up to
 * `NFT.maxLocations` parts; a description of 1,000 characters is at most 4 KB of UTF-8).
 */
export const nftMultipartOptions = {
  limits: {
    fileSize: NFT.photoBytes,
    files: 1,
    fields: NFT.maxLocations + 40,
    fieldSize: 64 * 1024,
    parts: NFT.maxLocations + 41,
  },
};

export interface ProcessedNftPhoto {
  /** SHA-256 of the upload: the same photo is stored once per company. */
  hash: string;
  format: "jpeg" | "png";
  width: number;
  height: number;
  bytes: Buffer;
  renditions: WebpRendition[];
}

/** Checks an uploaded photo (type by content, size, pixels) and renders its WebP renditions. */
export async function processNftPhoto(file: Buffer): Promise<ProcessedNftPhoto> {
  if (file.length > NFT.photoBytes) throw photoTooLarge();
  if (file.length === 0) throw photoRequired();
  const format = sniff(file);
  if (format !== "jpeg" && format !== "png") throw refuse("nft.photo.format");
  const picture = await renderWebp(file, NFT.photoWidths, (issue) =>
    refuse(issue === "tooManyPixels" ? "nft.photo.tooManyPixels" : "nft.photo.unreadable"),
  );
  return {
    hash: createHash("sha256").update(file).digest("hex"),
    format,
    bytes: file,
    ...picture,
  };
}

/** Stores a checked photo for the company once: the same photo again is the row already there. */
export async function storeNftPhoto(tx: Database, companyId: number, photo: ProcessedNftPhoto) {
  const inserted = await tx
    .insert(nftPhotos)
    .values({
      companyId,
      hash: photo.hash,
      format: photo.format,
      bytes: photo.bytes,
      width: photo.width,
      height: photo.height,
      sizeBytes: photo.bytes.length,
    })
    .onConflictDoNothing()
    .returning({ hash: nftPhotos.hash });
  if (inserted.length > 0) {
    await tx
      .insert(nftPhotoRenditions)
      .values(photo.renditions.map((r) => ({ companyId, hash: photo.hash, ...r })));
  }
  return photo.hash;
}

/**
 * Deletes the company's photo (its renditions by cascade) when no offer shows it any more; called
 * in the transaction of the edit that replaced it, as menu files are (decision 009, section 1).
 */
export async function deleteUnreferencedPhoto(tx: Database, companyId: number, hash: string) {
  await tx.delete(nftPhotos).where(
    and(
      eq(nftPhotos.companyId, companyId),
      eq(nftPhotos.hash, hash),
      sql`not exists (${tx
        .select({ one: sql`1` })
        .from(nftOffers)
        .where(and(eq(nftOffers.companyId, companyId), eq(nftOffers.photoHash, hash)))})`,
    ),
  );
}

export const nftPhotoUrl = (companyId: number, hash: string, width: number) =>
  `/media/nft/${companyId}/${hash}/${width}.webp`;

/** The photos among `hashes` of the company with their renditions' addresses, by hash. */
export async function photoViews(
  db: Database,
  companyId: number,
  hashes: string[],
): Promise<Map<string, NftPhotoView>> {
  const views = new Map<string, NftPhotoView>();
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return views;
  const photos = await db
    .select({ hash: nftPhotos.hash, width: nftPhotos.width, height: nftPhotos.height })
    .from(nftPhotos)
    .where(and(eq(nftPhotos.companyId, companyId), inArray(nftPhotos.hash, unique)));
  const renditions = await db
    .select({ hash: nftPhotoRenditions.hash, width: nftPhotoRenditions.width })
    .from(nftPhotoRenditions)
    .where(and(eq(nftPhotoRenditions.companyId, companyId), inArray(nftPhotoRenditions.hash, unique)))
    .orderBy(asc(nftPhotoRenditions.width));
  for (const photo of photos) {
    views.set(photo.hash, {
      hash: photo.hash,
      width: photo.width,
      height: photo.height,
      urls: renditions
        .filter((r) => r.hash === photo.hash)
        .map((r) => ({ width: r.width, url: nftPhotoUrl(companyId, photo.hash, r.width) })),
    });
  }
  return views;
}

/** A photo's view when its row is missing (never for a stored offer: the offer names a stored photo). */
export const noPhoto = (hash: string): NftPhotoView => ({ hash, width: null, height: null, urls: [] });

/**
 * The offers' photos as the app and the dashboard load them: public (the market shows them to
 * anyone), outside the partner scope; a path that is not a stored rendition is 404.
 */
export const nftMediaRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/media/nft/:company/:hash/:file",
    {
      schema: {
        tags: ["nft"],
        summary: "An offer photo's WebP rendition at one width (public, cacheable forever)",
        // Checked in the handler: a malformed address is 404 like an unknown one, not 422.
        params: z.object({ company: z.string(), hash: z.string(), file: z.string() }),
        produces: ["image/webp"],
        response: { 200: fileResponse("The photo as WebP") },
      },
    },
    async (request, reply) => {
      const address = renditionAddress(request.params);
      if (!address) throw HttpError.notFound();
      const [row] = await app.db
        .select({ bytes: nftPhotoRenditions.bytes })
        .from(nftPhotoRenditions)
        .where(
          and(
            eq(nftPhotoRenditions.companyId, address.companyId),
            eq(nftPhotoRenditions.hash, address.hash),
            eq(nftPhotoRenditions.width, address.width),
          ),
        );
      if (!row) throw HttpError.notFound();
      return reply.type("image/webp").header("cache-control", CACHE_FOREVER).send(row.bytes);
    },
  );
};
