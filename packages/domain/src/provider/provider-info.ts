import { z } from "zod";

/** GET /api/v2/provider: the provider company's identity for the imprint and legal pages. */
export const providerInfoSchema = z.object({
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  email: z.string(),
  phone: z.string(),
  support_email: z.string(),
  register: z.string(),
  vat_id: z.string(),
  managing_directors: z.string(),
});
export type ProviderInfo = z.infer<typeof providerInfoSchema>;
