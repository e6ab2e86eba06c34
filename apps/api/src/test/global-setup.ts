import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectPostgres, wrapPglite } from "../db/client.ts";
import { seedReferenceData } from "../db/seed/reference-data.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** TEST_DB=postgres: the migrated and seeded database each test file's database copies. */
    postgresTemplate: string;
  }
}

/**
 * Creating a PGlite database (initdb in WASM) takes seconds; loading a data directory takes a
 * fraction of that. So the suite migrates and seeds one database here and every test file starts
 * from a copy of it. On PostgreSQL (TEST_DB=postgres) likewise: one migrated and seeded template
 * database, and each file's database is made from it (CREATE DATABASE ... TEMPLATE), 0.2-0.5 s
 * instead of 2-3 s for the migrations (docs/architecture.md, Tests).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "postgres") return postgresTemplate(project);
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

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `stempla_template_${randomBytes(6).toString("hex")}`;
  const onAdmin = async (query: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(query);
    } finally {
      await admin.end();
    }
  };
  await onAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // One connection, closed again: PostgreSQL copies a template only while nobody is connected to it.
  const handle = connectPostgres(url.toString(), 1);
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
  project.provide("postgresTemplate", name);
  // Dropped when the run ends, as each file's copy is when its file ends.
  return () => onAdmin(`drop database if exists ${name} with (force)`);
}
