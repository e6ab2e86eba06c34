import { buildApp } from "./app.ts";
import { ConfigError, demoDefaultsInUse, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DEMO_ADMIN, DEMO_FRANCHISOR, DEMO_PARTNER } from "./db/seed/accounts.ts";
import { prepareDatabase } from "./db/seed/start-up.ts";
import { startJobs } from "./jobs/scheduler.ts";
import { tuneGarbageCollector } from "./lib/garbage-collector.ts";
import { loggableError } from "./lib/loggable-error.ts";
import { startMailSender } from "./modules/mail/sender.ts";

// Entry point of `npm start`: configuration, database (migrated and seeded), then listen.
async function main() {
  tuneGarbageCollector();
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
  const prepared = await prepareDatabase(database, config);
  const seedDemo = prepared.demoSeeded;
  const seedSeconds = prepared.seedSeconds.toFixed(1);

  const app = await buildApp({ config, db: database.db });
  const stopMailSender = config.smtpUrl
    ? startMailSender(database.db, config.smtpUrl, config.mailFrom, app.log)
    : undefined;
  const stopJobs = startJobs(database.db, {
    publicUrl: config.publicUrl,
    provider: config.provider,
    baseInterestRatePercent: config.baseInterestRatePercent,
    log: app.log,
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await stopJobs();
    await stopMailSender?.();
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
  if (seedDemo) {
    const admin = config.admin
      ? `${config.admin.email} / (ADMIN_PASSWORD)`
      : `${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`;
    console.log(
      `\nDemo logins (${config.publicUrl}/de/login; demo data made in ${seedSeconds} s):\n` +
        `  provider team: ${admin}\n` +
        `  partner:       ${DEMO_PARTNER.email} / ${DEMO_PARTNER.password}\n` +
        `  franchisor:    ${DEMO_FRANCHISOR.email} / ${DEMO_FRANCHISOR.password}\n`,
    );
  }
  if (!config.smtpUrl)
    app.log.info("SMTP_URL is not set: mails stay in the outbox (provider console, Mails)");
  const demoDefaults = demoDefaultsInUse();
  if (config.env === "production" && demoDefaults.length > 0) {
    app.log.warn(
      { variables: demoDefaults },
      "demo values in use: set these before real partners are invoiced or real customers register (README, Configuration)",
    );
  }
}

main().catch((err) => {
  // A failed start-up query (seeding the admin, say) must not print its parameters either.
  console.error(loggableError(err));
  process.exit(1);
});
