import { type ComponentType, lazy } from "react";
import { trackRequest } from "../shared/api/activity.ts";

const RELOAD_KEY = "stempla:chunk-reload-at";
const RELOAD_INTERVAL_MS = 60_000;

/**
 * A lazily loaded page (one chunk per page). After a deployment the old chunk names are gone, so a
 * failed load reloads the whole page once to fetch the new index.html; at most once per 60 s
 * (spec section 8), so a real outage ends on the error page instead of a reload loop. The load
 * counts as activity for the top loading bar.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    trackRequest(load()).catch((error: unknown) => {
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last > RELOAD_INTERVAL_MS) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        // Keep suspending while the page reloads.
        return new Promise<never>(() => {});
      }
      throw error;
    }),
  );
}
