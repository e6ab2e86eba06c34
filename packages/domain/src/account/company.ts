import { z } from "zod";
import { companyNameSchema, personNameSchema } from "../validation/fields.ts";
import { phoneSchema } from "../validation/phone.ts";
import { postcodeFitsCountry } from "./address.ts";
import { coordinateFields, coordinatesComplete } from "./coordinates.ts";
import { registerAddressSchema, registerBusinessSchema } from "./register.ts";

const address = registerAddressSchema.shape;

/**
 * The company page edits one field group at a time (spec section 2: "edit dialogs for single
 * fields"): PATCH /dashboard/company/{group} with the group's fields.
 */
export const companyEditSchemas = {
  company_name: z.object({ company_name: companyNameSchema }),
  legal_form: z.object({ legal_form_id: registerBusinessSchema.shape.legal_form_id }),
  vat: z.object({ vat: registerBusinessSchema.shape.vat }),
  address: z
    .object({
      street: address.street,
      building: address.building,
      postcode: address.postcode,
      city: address.city,
      country: address.country,
      // The pin the partner placed on the map; without it the server derives it from the address.
      ...coordinateFields,
    })
    .superRefine((value, ctx) => {
      postcodeFitsCountry(value, ctx);
      coordinatesComplete(value, ctx);
    }),
  phone: z.object({ phone_number: address.phone_number }),
  contact: z.object({ first_name: personNameSchema, surname: personNameSchema, phone: phoneSchema }),
} as const;
export type CompanyEditGroup = keyof typeof companyEditSchemas;
export const COMPANY_EDIT_GROUPS = Object.keys(companyEditSchemas) as CompanyEditGroup[];
/** PATCH /dashboard/company/{group}: the path names the field group. */
export const companyEditParamsSchema = z.object({ group: z.enum(COMPANY_EDIT_GROUPS) });

/** One group's body, as PATCH /dashboard/company/{group} takes it: the path's group says which. */
export type CompanyEditBody<G extends CompanyEditGroup = CompanyEditGroup> = {
  [K in G]: z.input<(typeof companyEditSchemas)[K]>;
}[G];
