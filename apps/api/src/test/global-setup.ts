import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { wrapPglite } from "../db/client.ts";
import { seedReferenceData } from "../db/seed/reference-data.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database (initdb in WASM) takes seconds; loading a data directory takes a
 * fraction of that. So the suite migrates and seeds one database here and every test file starts
 * from a copy of it.
 */
export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  const handle = wrapPglite(client);
  await handle.migrate();
  await seedReferenceData(handle.db);
  const dump = await client.dumpDataDir("none");
  const file = path.join(os.tmpdir(), `stempla-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", file);
  // 40 MB per run: remove it when the run ends.
  return async () => {
    await rm(file, { force: true });
  };
}
