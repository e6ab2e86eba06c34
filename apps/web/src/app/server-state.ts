import type { Locale } from "@stempla/domain";
import type { DehydratedState } from "@tanstack/react-query";
import type { LocaleTexts } from "../shared/i18n/i18n.ts";

/** The id of the JSON data block a server-rendered page carries (a data block, not a script: the CSP). */
export const SERVER_STATE_ID = "server-state";

/**
 * What the browser needs to hydrate a server-rendered page exactly as the server rendered it:
 * the locale, the texts of the namespaces the render used, and the API data it was rendered with
 * (docs/decisions/012-server-rendered-public-pages.md).
 */
export interface ServerState {
  locale: Locale;
  texts: LocaleTexts;
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
