/**
 * Every FAQ query starts with this key. It lives in shared/ because two features use it: the FAQ
 * pages read under it and the provider team's console invalidates it after an edit
 * (docs/architecture.md, module boundaries).
 */
export const FAQ_KEY = ["faq"] as const;
