import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const made: string[] = [];

/**
 * A new directory under the system's temporary one (a fake web build, say), removed when the test
 * file ends (close-after-file.ts), wherever in the file it was made.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes the directories this file's tempDir() calls made (close-after-file.ts). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
