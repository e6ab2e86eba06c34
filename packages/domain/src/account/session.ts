// Kept free of zod: the browser app's first chunk reads these, and a module that builds schemas at
// its top level would pull zod into it.

/** The HttpOnly cookie with the session token. */
export const SESSION_COOKIE = "session";
/** A readable cookie that only tells the browser app that a session exists. */
export const SESSION_MARKER_COOKIE = "signed_in";
/** Spec section 7: the session cookie's max age. */
export const SESSION_MAX_AGE_SECONDS = 99999;
