import { z } from "zod";
import { dataOf } from "../api/envelope.ts";
import { emailSchema, passwordSchema } from "../validation/fields.ts";

export const loginSchema = z.object({
  email: emailSchema,
  // Any non-empty password may be tried; the length rule applies when one is set.
  password: z
    .string({ error: "required" })
    .min(1, { error: "required" })
    .max(1024, { error: "password.max" }),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A token from a mailed link (email confirmation, password reset). */
export const tokenSchema = z
  .string({ error: "auth.tokenInvalid" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "auth.tokenInvalid" });

export const verifyEmailSchema = z.object({ token: tokenSchema });

export const restoreSchema = z.object({ email: emailSchema });

export const restoreEmailSchema = z
  .object({
    token: tokenSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: "password.mismatch" }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "password.mismatch",
  });
export type RestoreEmailInput = z.input<typeof restoreEmailSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: "required" }).min(1, { error: "required" }).max(1024),
    password: passwordSchema,
    password_confirmation: z.string({ error: "password.mismatch" }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "password.mismatch",
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const ROLES = ["partner", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ACCOUNT_STATUSES = ["black", "gray", "yellow", "green", "red", "orange"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const COMPANY_TYPES = ["partner", "master", "slave"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** GET /api/v2/dashboard/profile and the `user` of login answers. */
export const profileSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string().nullable(),
  surname: z.string().nullable(),
  phone: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  company: z
    .object({
      id: z.number(),
      name: z.string(),
      type: z.enum(COMPANY_TYPES),
      status: z.enum(ACCOUNT_STATUSES),
      legal_form: z.string().nullable(),
      registration_completed_at: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const authResponseSchema = dataOf(z.object({ token: z.string(), user: profileSchema }));
