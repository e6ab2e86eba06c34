import type { Config } from "../config.js";

/** Where a guest gets the end-customer app, and the link that opens a scan in the installed app. */
export interface AppLinks {
  ios: string;
  android: string;
  /** Opens the installed app on this scan code (e.g. stempla://s/ab12cd34); without the app it does nothing. */
  openScan: string;
}

export function appLinks(app: Config["app"], scanCode: string): AppLinks {
  return {
    ios: app.iosUrl,
    android: app.androidUrl,
    openScan: `${app.urlScheme}://s/${encodeURIComponent(scanCode)}`,
  };
}
