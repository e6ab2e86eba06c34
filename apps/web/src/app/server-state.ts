import type { Locale, ProviderInfo } from "@stempla/domain";
import type { DehydratedState } from "@tanstack/react-query";
import type { ProductNumbers } from "../shared/i18n/product-numbers.ts";

/** The id of the JSON data block a server-rendered page carries (a data block, not a script: the CSP). */
export const SERVER_STATE_ID = "server-state";

/**
 * What the browser needs to hydrate a server-rendered page exactly as the server rendered it:
 * the locale, the locale files of the namespaces the render used (namespace → URL; the server
 * names the build's hashed files, and the boot script has them requested already), the product's
 * numbers as the texts stated them, and the API data it was rendered with
 * (docs/decisions/012-server-rendered-public-pages.md).
 */
export interface ServerState {
  locale: Locale;
  textFiles: Record<string, string>;
  /**
   * The formatted numbers the server's texts used ("6,00 €"): the first render repeats them
   * exactly, and the browser does not start its number, list and date formatting (tens of
   * milliseconds the first time) before it hydrates.
   */
  numbers: ProductNumbers;
  /** The provider's details, where the page shows them outside the query layout (the home page). */
  provider?: ProviderInfo;
  queries: DehydratedState;
}

let read: ServerState | null | undefined;

/** The state of the server-rendered page this document started on; null for a client-rendered one. */
export function serverState(): ServerState | null {
  if (read === undefined) {
    const block = typeof document === "undefined" ? null : document.getElementById(SERVER_STATE_ID);
    read = block?.textContent ? (JSON.parse(block.textContent) as ServerState) : null;
  }
  return read;
}
