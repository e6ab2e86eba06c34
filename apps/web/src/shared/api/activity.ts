import { useSyncExternalStore } from "react";

// Counts API requests in flight, for the top loading bar.
let inFlight = 0;
const listeners = new Set<() => void>();

export function trackRequest<T>(promise: Promise<T>): Promise<T> {
  inFlight++;
  emit();
  return promise.finally(() => {
    inFlight--;
    emit();
  });
}

function emit() {
  for (const listener of listeners) listener();
}

export function useRequestsInFlight(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => inFlight,
    // A server-rendered page is rendered (and hydrated) without the bar.
    () => 0,
  );
}
