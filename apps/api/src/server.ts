import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedReferenceData } from "./db/seed/reference-data.ts";

// Entry point of `npm start`: configuration, database (migrated and seeded), then listen.
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase(config);
  await database.migrate();
  await seedReferenceData(database.db);

  const app = await buildApp({ config, db: database.db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL" },
    `Stempla is running on ${config.publicUrl}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
