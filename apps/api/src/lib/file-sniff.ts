/** The uploaded file types the API accepts anywhere (logos, menu images and PDFs). */
export type SniffedKind = "png" | "jpeg" | "webp" | "pdf";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A file's type by its first bytes; the name and the browser's content type can lie
 * (docs/decisions/009-digital-menu.md, section 4 "Uploads"). Only the signature is read: whether
 * the rest of the file is what it claims is for the decoder (sharp, MuPDF) to find out.
 */
export function sniff(file: Buffer): SniffedKind | undefined {
  if (file.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return "jpeg";
  // RIFF container: "RIFF", 4 bytes of length, "WEBP".
  if (
    file.subarray(0, 4).toString("latin1") === "RIFF" &&
    file.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  if (file.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  return undefined;
}
