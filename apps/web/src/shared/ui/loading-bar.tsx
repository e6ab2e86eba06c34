import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import classes from "./loading-bar.module.css";

const SHOW_AFTER_MS = 200;

/**
 * The 2 px top bar (spec section 9): it appears only when navigation or a request has been busy
 * for 200 ms, so quick answers cause no flicker.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" || useIsFetching() + useIsMutating() > 0;
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
