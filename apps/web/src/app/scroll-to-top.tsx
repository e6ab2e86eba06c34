import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** A new page starts at the top; back and forward keep the browser's own scroll position. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what triggers the scroll
  useEffect(() => {
    if (type !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}
