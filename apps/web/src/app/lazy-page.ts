import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { trackRequest } from "../shared/api/activity.ts";

const RELOAD_KEY = "stempla:chunk-reload-at";
const RELOAD_INTERVAL_MS = 60_000;

type PageModule = { default: ComponentType };

/** A lazily loaded page whose chunk can be requested before React renders it (hydration). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

/**
 * A lazily loaded page (one chunk per page). After a deployment the old chunk names are gone, so a
 * failed load reloads the whole page once to fetch the new index.html; at most once per 60 s
 * (spec section 8), so a real outage ends on the error page instead of a reload loop. The load
 * counts as activity for the top loading bar. `preload` starts the same load early: a
 * server-rendered page fetches its chunk while i18n starts, before hydrating.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  const preload = () => {
    // One load per page for the document's life, as React.lazy keeps its first result too.
    loading ??= trackRequest(load()).catch((error: unknown) => {
      if (typeof window === "undefined") throw error;
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last > RELOAD_INTERVAL_MS) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        // Keep suspending while the page reloads.
        return new Promise<never>(() => {});
      }
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
