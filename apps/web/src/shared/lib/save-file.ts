/**
 * Hands a file fetched by script to the browser's downloads, as a link with `download` would:
 * used where the request is a POST (a link can only GET).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next task; then the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
