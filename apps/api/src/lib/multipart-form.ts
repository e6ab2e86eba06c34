import type { FastifyRequest } from "fastify";
import { HttpError } from "../plugins/http-error.ts";

// Reading an upload form (docs/decisions/009-digital-menu.md, section 4 "Uploads"; decision 010,
// section 7): the menus' files and the coupons' photos come the same way, so one reader.

export interface MultipartForm {
  /** The file parts' contents by field name (the last part of a name wins). */
  files: Record<string, Buffer>;
  /** The text parts in the order they came, repeated names included (`location_ids` may repeat). */
  fields: [string, string][];
}

/**
 * Reads a multipart form whose limits were given to @fastify/multipart. A file over its limit is
 * answered with `tooLarge()` (a 422 at the file's field in the user's language, instead of
 * multipart's 413); a body that is not multipart 415; a broken one 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  tooLarge: () => HttpError,
  tooManyParts: () => HttpError = () => new HttpError(400),
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415);
  const form: MultipartForm = { files: {}, fields: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") form.files[part.fieldname] = await part.toBuffer();
      else if (typeof part.value === "string") form.fields.push([part.fieldname, part.value]);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    // More parts than the form can hold: a form's list field repeated too often.
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") throw tooManyParts();
    throw new HttpError(400);
  }
  return form;
}
