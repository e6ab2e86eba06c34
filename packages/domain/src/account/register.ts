import { z } from "zod";
import {
  companyNameSchema,
  emailSchema,
  oneLineString,
  optionalText,
  passwordSchema,
  personNameSchema,
} from "../validation/fields.ts";
import { phoneSchema } from "../validation/phone.ts";
import { addressPart, postcodeFitsCountry } from "./address.ts";
import { tokenSchema } from "./auth.ts";
import { coordinateFields, coordinatesComplete } from "./coordinates.ts";
import { BILLING_COUNTRIES } from "./countries.ts";

export const PARTNER_TYPES = ["partner", "master"] as const;
export type RegistrationType = (typeof PARTNER_TYPES)[number];

/** Step "business" of the registration wizard. */
export const registerBusinessSchema = z.object({
  company_name: companyNameSchema,
  legal_form_id: z.coerce
    .number({ error: "legalForm.required" })
    .int({ error: "legalForm.required" })
    .positive({ error: "legalForm.required" }),
  vat: z
    .string({ error: "vat.invalid" })
    .trim()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(z.union([z.literal(""), z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, { error: "vat.invalid" })]))
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Step "user": the login and, for masters, the contact person. */
export const registerUserSchema = z.object({
  type: z.enum(PARTNER_TYPES, { error: "input.invalid" }).default("partner"),
  email: emailSchema,
  password: passwordSchema,
  password_confirmation: z.string({ error: "password.mismatch" }),
  contact_name: optionalText(100),
  contact_surname: optionalText(100),
});

/** Step "location": the billing address and phone. */
export const registerAddressSchema = z.object({
  street: addressPart(120),
  building: addressPart(20),
  postcode: oneLineString("address.incomplete").min(1, { error: "address.incomplete" }),
  city: addressPart(80),
  country: z.enum(BILLING_COUNTRIES, { error: "country.invalid" }).default("DE"),
  address: optionalText(250),
  ...coordinateFields,
  /** As typed; stored as E.164 (docs/decisions/007-phone-numbers-e164.md). */
  phone_number: phoneSchema,
});

/** Step "legal confirmation". */
export const registerLegalSchema = z.object({
  contract_accepted: z.literal(true, { error: "contract.required" }),
});

type RefineContext = z.core.$RefinementCtx<Record<string, unknown>>;

function passwordsMatch(value: { password: string; password_confirmation: string }, ctx: RefineContext) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "password.mismatch" });
  }
}

function masterHasContactPerson(
  value: { type: RegistrationType; contact_name?: string | undefined; contact_surname?: string | undefined },
  ctx: RefineContext,
) {
  if (value.type !== "master") return;
  for (const field of ["contact_name", "contact_surname"] as const) {
    if (!personNameSchema.safeParse(value[field] ?? "").success) {
      ctx.addIssue({ code: "custom", path: [field], message: "contactPerson.required" });
    }
  }
}

/** The wizard's steps, each checked on its own before the next one opens. */
export const registerSteps = [
  registerBusinessSchema,
  registerUserSchema.superRefine((v, ctx) => {
    passwordsMatch(v, ctx);
    masterHasContactPerson(v, ctx);
  }),
  registerAddressSchema.superRefine((v, ctx) => {
    postcodeFitsCountry(v, ctx);
    coordinatesComplete(v, ctx);
  }),
  registerLegalSchema,
] as const;

/** POST /api/v2/dashboard/register: every step at once, with the cross-field rules. */
export const registerSchema = registerBusinessSchema
  .extend(registerUserSchema.shape)
  .extend(registerAddressSchema.shape)
  .extend(registerLegalSchema.shape)
  .superRefine((value, ctx) => {
    passwordsMatch(value, ctx);
    postcodeFitsCountry(value, ctx);
    coordinatesComplete(value, ctx);
    masterHasContactPerson(value, ctx);
  });

export type RegisterInput = z.input<typeof registerSchema>;
export type Register = z.output<typeof registerSchema>;

/**
 * POST /api/v2/dashboard/register/complete: an invited franchisee's own legal entity, login and
 * contact person (docs/decisions/008-franchise-model.md, section 3). The email is the invitation's
 * and not sent; the contact person is required as for masters.
 */
export const registerCompleteSchema = registerBusinessSchema
  .extend({
    slave_id: z.coerce
      .number({ error: "invitation.invalid" })
      .int()
      .positive({ error: "invitation.invalid" }),
    token: tokenSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: "password.mismatch" }),
    contact_name: optionalText(100),
    contact_surname: optionalText(100),
  })
  .extend(registerAddressSchema.shape)
  .extend(registerLegalSchema.shape)
  .superRefine((value, ctx) => {
    passwordsMatch(value, ctx);
    postcodeFitsCountry(value, ctx);
    coordinatesComplete(value, ctx);
    masterHasContactPerson({ ...value, type: "master" }, ctx);
  });
export type RegisterCompleteInput = z.input<typeof registerCompleteSchema>;
export type RegisterComplete = z.output<typeof registerCompleteSchema>;

export const emailCheckSchema = z.object({ email: emailSchema });
