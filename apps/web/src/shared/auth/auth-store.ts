import { type Profile, SESSION_MARKER_COOKIE } from "@stempla/domain";
import { useSyncExternalStore } from "react";
import { ApiError, api } from "../api/client.ts";

export type AuthState =
  | { status: "signed-out" }
  | { status: "loading" }
  | { status: "signed-in"; profile: Profile }
  | { status: "unknown" };

/**
 * Who is signed in, for the whole browser app. The session cookie is HttpOnly; a readable marker
 * cookie says a session exists, so public pages know without asking the server. The profile is
 * fetched when a page needs it (the dashboard's auth check).
 */
let state: AuthState = hasSessionMarker() ? { status: "unknown" } : { status: "signed-out" };
// What the server renders public pages with, and so what their hydration starts from
// (docs/decisions/012-server-rendered-public-pages.md); React re-renders with `state` right after.
const serverState: AuthState = { status: "signed-out" };
const listeners = new Set<() => void>();

function set(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export function hasSessionMarker(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie.split("; ").some((c) => c === `${SESSION_MARKER_COOKIE}=1`);
}

function clearSessionMarker() {
  // biome-ignore lint/suspicious/noDocumentCookie: the marker is a plain cookie the server set for us
  document.cookie = `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/`;
}

let loading: Promise<void> | undefined;

/** Loads the profile once; a profile that cannot be loaded ends the session (spec section 2). */
export function loadProfile(): Promise<void> {
  if (state.status === "signed-in" || state.status === "signed-out") return Promise.resolve();
  loading ??= (async () => {
    set({ status: "loading" });
    try {
      const { data } = await api<{ data: Profile }>("/dashboard/profile");
      set({ status: "signed-in", profile: data });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) {
        await api("/dashboard/logout", { body: {} }).catch(() => undefined);
      }
      clearSessionMarker();
      set({ status: "signed-out" });
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

export function signedIn(profile: Profile): void {
  set({ status: "signed-in", profile });
}

export async function signOut(): Promise<void> {
  await api("/dashboard/logout", { body: {} }).catch(() => undefined);
  clearSessionMarker();
  set({ status: "signed-out" });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => serverState,
  );
}

/** True when the browser believes a session exists (before the profile is loaded too). */
export function useSignedIn(): boolean {
  const auth = useAuth();
  return auth.status === "signed-in" || auth.status === "unknown" || auth.status === "loading";
}
