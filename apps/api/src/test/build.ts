import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type BuildOptions, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { freshDatabase } from "./database.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Closes the app and its database now, for an app built per test (afterEach); else afterAll does. */
  close(): Promise<void>;
}

// Apps and databases built by the running test file's tests. build() is called from beforeAll,
// where vitest ignores a new afterAll hook; so close-after-file.ts, a setup file run before every
// test file, registers the one hook that closes them all. Without it every PostgreSQL test
// database stayed behind.
const open: (() => Promise<void>)[] = [];

/** Closes what this file's build() calls opened, newest first (close-after-file.ts). */
export async function closeBuiltApps(): Promise<void> {
  for (const close of open.splice(0).reverse()) await close();
}

/**
 * The whole API on a fresh database, closed after the file's tests. `env` overrides environment
 * variables as the server would read them; `options` are buildApp's test-only options
 * (a local OpenID provider; `logger`, pino options such as a stream, turns the log on).
 */
export async function build(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, "openIdProviders" | "logger"> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const closeDatabase = () => database.close();
  open.push(closeDatabase);
  const config = loadConfig({ NODE_ENV: "test", WEB_DIST_DIR: "/nonexistent", ...env });
  const app = await buildApp({ config, db: database.db, logger: false, ...options });
  const closeApp = async () => {
    await app.close();
  };
  open.push(closeApp);
  await app.ready();
  const close = async () => {
    for (const step of [closeApp, closeDatabase]) {
      const index = open.indexOf(step);
      if (index === -1) continue;
      open.splice(index, 1);
      await step();
    }
  };
  return { app, db: database.db, config, inject: (opts) => app.inject(opts), close };
}
