import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { pageHead } from "./page-head.ts";

/**
 * Keeps the document's head in step with the public page shown after a client-side navigation:
 * title, description, canonical, language alternates, robots. The server wrote the same for the
 * first page; its origin (the configured public URL) is kept for the absolute links.
 */
export function usePageHead(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what changes t's texts
  useEffect(() => {
    const head = pageHead(pathname, t);
    if (!head) return;
    document.title = head.title;
    metaTag("description").content = head.description;
    const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (head.noindex) metaTag("robots").content = "noindex";
    else robots?.remove();
    const existing = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const origin = existing ? new URL(existing.href).origin : window.location.origin;
    for (const link of document.head.querySelectorAll(
      'link[rel="canonical"], link[rel="alternate"][hreflang]',
    )) {
      link.remove();
    }
    if (head.canonical) document.head.append(linkTag({ rel: "canonical", href: origin + head.canonical }));
    for (const { hreflang, path } of head.alternates) {
      document.head.append(linkTag({ rel: "alternate", hreflang, href: origin + path }));
    }
  }, [pathname, t, i18n.language]);
}

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = name;
    document.head.append(tag);
  }
  return tag;
}

function linkTag(attributes: Record<string, string>): HTMLLinkElement {
  const link = document.createElement("link");
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  return link;
}
