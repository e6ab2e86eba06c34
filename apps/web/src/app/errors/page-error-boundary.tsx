import { Component, type ReactNode } from "react";
import { PageErrorView } from "./page-error-view.tsx";

/**
 * Catches what a page throws while loading or rendering (a chunk that cannot be fetched, a bug)
 * and shows the error page instead of a blank screen. Keyed by path, so navigating away resets it.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.warn("page failed", error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <PageErrorView />;
  }
}
