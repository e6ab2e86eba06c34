import { deflateSync } from "node:zlib";

/**
 * A one-page PDF written byte by byte, for files no PDF library would make: a page of any size,
 * a compressed content stream that expands to millions of drawing operations, or an image that
 * declares a size its few bytes do not have.
 */
export function craftedPdf(p: {
  /** The page size in points. */
  width: number;
  height: number;
  /** The page's drawing operations (stored compressed). */
  content: string;
  /** Image objects the page can draw as /Im0, /Im1, ...: declared size and pixel data (RGB, 8 bit). */
  images?: { width: number; height: number; data: Buffer }[];
}): Buffer {
  const images = p.images ?? [];
  const objects: Buffer[] = [];
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
      data,
      Buffer.from("\nendstream", "latin1"),
    ]);
  const firstImage = 5;
  const xObjects = images.map((_, i) => `/Im${i} ${firstImage + i} 0 R`).join(" ");
  objects.push(Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"));
  objects.push(Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"));
  objects.push(
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.width} ${p.height}] /Resources << /XObject << ${xObjects} >> >> /Contents 4 0 R >>`,
    ),
  );
  objects.push(stream("/Filter /FlateDecode", deflateSync(Buffer.from(p.content, "latin1"), { level: 9 })));
  for (const image of images) {
    objects.push(
      stream(
        `/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
        deflateSync(image.data, { level: 9 }),
      ),
    );
  }

  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF\n",
  ].join("\n");
  parts.push(Buffer.from(`${xref}`, "latin1"));
  return Buffer.concat(parts);
}
