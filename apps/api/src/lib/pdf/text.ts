// Text for the PDFs drawn with pdfkit's standard fonts (invoices, statistics, the QR sheet).

// Latin letters that have no accent-free decomposition (so winAnsi would print "?"), in their
// usual transliteration: names and addresses of partners in Poland, Croatia, Malta or Turkey.
const TRANSLITERATION: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
};

// Helvetica (a standard PDF font) only has the WinAnsi characters. Others lose their accents
// (NFD) or become "?" instead of printing as garbage.
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710,
  8482, 338, 339, 732, 352, 353, 376, 381, 382,
]);
const printable = (code: number) =>
  (code >= 32 && code <= 126) || (code >= 160 && code <= 255) || WIN_ANSI_EXTRA.has(code);
export function winAnsi(text: string): string {
  let out = "";
  const transliterated = text.replace(/[ŁłĐđĦħıŦŧ]/g, (c) => TRANSLITERATION[c] ?? c);
  for (const ch of transliterated.replace(/[\u2009\u202f]/g, "\u00a0").replace(/\u2212/g, "-")) {
    const code = ch.codePointAt(0) ?? 63;
    if (printable(code)) out += ch;
    else if (ch === "\n" || ch === "\t") out += " ";
    else {
      const plain = ch.normalize("NFD").replace(/\p{M}/gu, "");
      out += [...plain].every((c) => printable(c.codePointAt(0) ?? 0)) && plain ? plain : "?";
    }
  }
  return out;
}

/** The text cut with an ellipsis to `max` points in the document's current font. */
export function fitText(doc: PDFKit.PDFDocument, text: string, max: number): string {
  let s = winAnsi(text);
  if (doc.widthOfString(s) <= max) return s;
  while (s.length > 1 && doc.widthOfString(`${s}…`) > max) s = s.slice(0, -1);
  return `${s.trimEnd()}…`;
}
