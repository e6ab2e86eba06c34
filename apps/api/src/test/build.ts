import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { freshDatabase } from "./database.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * The whole API on a fresh database, closed after the file's tests. `env` overrides environment
 * variables as the server would read them.
 */
export async function build(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: "test", WEB_DIST_DIR: "/nonexistent", ...env });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, db: database.db, config, inject: (opts) => app.inject(opts) };
}
