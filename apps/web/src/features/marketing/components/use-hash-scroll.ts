import { useEffect } from "react";
import { useLocation } from "react-router";

/** Scrolls to the section named in the URL's hash once the page has rendered (header anchors). */
export function useHashScroll() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every click, even on the same hash
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, key]);
}
