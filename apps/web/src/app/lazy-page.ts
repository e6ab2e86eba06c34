import type { ComponentType } from "react";

const RELOAD_KEY = "stempla:chunk-reload-at";
const RELOAD_INTERVAL_MS = 60_000;

/**
 * Loads a page chunk. After a deployment the old chunk names are gone, so a failed load reloads the
 * whole page once to fetch the new index.html; at most once per 60 s (spec section 8), so a real
 * outage ends on the error page instead of a reload loop.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const module = await load();
      return { Component: module.default };
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last > RELOAD_INTERVAL_MS) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        // Keep the router waiting while the page reloads.
        return new Promise<never>(() => {});
      }
      throw error;
    }
  };
}
