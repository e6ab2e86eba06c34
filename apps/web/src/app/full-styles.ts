/** How long hydration waits for the full stylesheets at most: a stalled request must not leave the page dead. */
const LONGEST_WAIT_MS = 10_000;

/**
 * Resolves when the full stylesheets that the boot script requested after a server-rendered
 * page's first paint have loaded or failed (docs/decisions/012-server-rendered-public-pages.md,
 * "Critical CSS"), or after 10 s. Until then the page has only the rules its server HTML uses;
 * hydrating after them means nothing the app opens or shows afterwards (a menu, the signed-in
 * header) is unstyled.
 */
export function fullStylesLoaded(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[data-after-paint="loading"]')];
  if (pending.length === 0) return Promise.resolve();
  const loaded = Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener("load", () => resolve(), { once: true });
          link.addEventListener("error", () => resolve(), { once: true });
        }),
    ),
  );
  const stalled = new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS));
  return Promise.race([loaded.then(() => undefined), stalled]);
}
