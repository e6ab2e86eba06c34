import type { ProviderInfo } from "@stempla/domain";
import { createContext, useContext, useEffect, useState } from "react";
import { api } from "./client.ts";

/** The provider company's details from the server's configuration: imprint, support phone and email. */
export const fetchProvider = () => api<{ data: ProviderInfo }>("/provider").then((r) => r.data);

let loaded: Promise<ProviderInfo> | undefined;

/**
 * The provider's details a server-rendered page was rendered with: set by the server's render
 * (entry-server.tsx) and, from the page's state, by the browser's (main.tsx), so the HTML carries
 * them and the first render in the browser repeats it.
 */
export const RenderedProvider = createContext<ProviderInfo | undefined>(undefined);

/**
 * The provider's details for a marketing page, which sits outside the TanStack Query layout so the
 * first visit does not download it (docs/architecture.md, "Web app"): those the page was rendered
 * with, else one request per visit, undefined until it has answered (or when it failed, which
 * leaves the page without the numbers).
 */
export function useProviderDetails(): ProviderInfo | undefined {
  const rendered = useContext(RenderedProvider);
  const [provider, setProvider] = useState(rendered);
  useEffect(() => {
    if (rendered) return;
    let current = true;
    loaded ??= fetchProvider();
    loaded.then(
      (info) => current && setProvider(info),
      () => {
        loaded = undefined;
      },
    );
    return () => {
      current = false;
    };
  }, [rendered]);
  return provider;
}

/** A tel: link for a phone number as configured ("+49 30 555 012 30" -> "tel:+493055501230"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
