import { useEffect, useState } from "react";
import { useRequestsInFlight } from "../api/activity.ts";
import classes from "./loading-bar.module.css";

const SHOW_AFTER_MS = 200;

/**
 * The 2 px top bar (spec section 9): it appears only when API requests, page chunks or page texts
 * have been loading for 200 ms, so quick answers cause no flicker.
 */
export function LoadingBar() {
  const requests = useRequestsInFlight();
  const busy = requests > 0;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className={classes.bar}
      data-visible={visible || undefined}
      role="progressbar"
      aria-hidden={!visible}
      aria-label="Loading"
      data-testid="loading-bar"
    />
  );
}
