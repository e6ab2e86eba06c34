import type { Database } from "../../db/client.ts";
import type { MarketplaceProvider, PaymentSettings } from "./provider.ts";
import { sandboxProvider } from "./sandbox.ts";

interface Configured {
  provider: MarketplaceProvider;
  settings: PaymentSettings;
}

// One provider per database, selected from the configuration (PAYMENT_PROVIDER): the app selects
// it when it is built (payments routes), and the jobs and the start-up seed, which run on the same
// database, find it here. A WeakMap keeps the several apps and databases of a test file apart.
const configured = new WeakMap<Database, Configured>();

/** Selects the configured provider for this database and returns it; repeating it changes nothing. */
export function configurePayments(db: Database, settings: PaymentSettings): MarketplaceProvider {
  const existing = configured.get(db);
  if (
    existing &&
    existing.settings.provider === settings.provider &&
    existing.settings.publicUrl === settings.publicUrl &&
    existing.settings.platform === settings.platform
  )
    return existing.provider;
  // Only the built-in sandbox exists so far (decision 010, section 5: the real provider's adapter
  // is not part of issue 16); config.ts accepts no other PAYMENT_PROVIDER.
  const provider = sandboxProvider(db, settings);
  configured.set(db, { provider, settings });
  return provider;
}

/** The marketplace provider selected for this database (configurePayments). */
export function paymentProvider(db: Database): MarketplaceProvider {
  return configuredOf(db).provider;
}

/** The settings the provider of this database was selected with (the platform's identity too). */
export function paymentSettings(db: Database): PaymentSettings {
  return configuredOf(db).settings;
}

function configuredOf(db: Database): Configured {
  const found = configured.get(db);
  if (!found) throw new Error("payments are not configured for this database: call configurePayments first");
  return found;
}
