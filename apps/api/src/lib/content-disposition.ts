// The one Content-Disposition of every download (invoices, statistics PDF, clients CSV, QR codes,
// SEPA files). A plain `filename="…"` must be ASCII: an umlaut there arrives garbled or breaks
// the header, so old clients get an ASCII name and the real one goes in `filename*` (RFC 6266
// with RFC 5987's UTF-8 encoding). The web app reads `filename*` first (attachmentName()).

/** RFC 5987 attr-char: what encodeURIComponent leaves except ' ( ) *, which must be escaped too. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The name for clients that only read `filename`: accents dropped, other non-ASCII, quotes and backslashes as "_". */
const asciiFallback = (fileName: string) =>
  fileName
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");

/** `attachment; filename="Cafe-Muller.pdf"; filename*=UTF-8''Caf%C3%A9-M%C3%BCller.pdf` */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
