import { z } from "zod";
import { dataOf } from "../api/envelope.ts";

// Response shapes of the registration endpoints (spec section 5: /dashboard/emailCheck,
// /dashboard/register).

/** POST /dashboard/emailCheck: whether a new account may still use the address. */
export const emailCheckResponseSchema = dataOf(z.object({ free: z.boolean() }));
export type EmailCheckResponse = z.infer<typeof emailCheckResponseSchema>;

/** POST /dashboard/register: the address the confirmation mail went to. */
export const registeredSchema = z.object({ email: z.string(), confirmation_sent: z.literal(true) });
export type Registered = z.infer<typeof registeredSchema>;
export const registeredResponseSchema = dataOf(registeredSchema);
