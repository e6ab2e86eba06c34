import { useEffect } from "react";

// The card payment provider's browser script (spec sections 7 and 8; docs/decisions/
// 010-coupons-and-vouchers.md, section 5). It loads only when the server put a publishable key into
// index.html (PAYMENT_PUBLISHABLE_KEY, filled in like the marketing URL), and the CSP allows its
// origin only then. Without a key the spec's behaviour holds: the console says so and the provider
// is null; the built-in sandbox needs nothing in the browser.

/** The provider's script (Stripe.js, the spec's provider); its origin is the one the CSP names. */
export const PROVIDER_SCRIPT_URL = "https://js.stripe.com/v3/";
/** What the console says on the NFT pages when no key is configured (spec section 8). */
export const MISSING_KEY_MESSAGE = "A publishable key is required";

/** The provider object the script makes from the key; only its presence matters here. */
export type PaymentProvider = object;

type ProviderFactory = (publishableKey: string) => PaymentProvider;

/** The key the server filled into index.html; undefined while it is empty. */
export function publishableKey(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="payment-publishable-key"]');
  return meta?.content.trim() || undefined;
}

let loading: Promise<PaymentProvider | null> | undefined;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`the payment provider's script did not load: ${src}`));
    document.head.append(script);
  });
}

/**
 * The payment provider, loaded once per page load: the provider made from the publishable key, or
 * null (no key, or the script could not load, which is logged).
 */
export function loadPaymentProvider(): Promise<PaymentProvider | null> {
  loading ??= (async () => {
    const key = publishableKey();
    if (!key) {
      console.error(MISSING_KEY_MESSAGE);
      return null;
    }
    try {
      await injectScript(PROVIDER_SCRIPT_URL);
    } catch (error) {
      console.error((error as Error).message);
      return null;
    }
    const factory = (window as unknown as { Stripe?: ProviderFactory }).Stripe;
    return factory ? factory(key) : null;
  })();
  return loading;
}

/** Loads the provider's script when a page of coupons and vouchers opens. */
export function usePaymentProviderScript(): void {
  useEffect(() => {
    void loadPaymentProvider();
  }, []);
}
