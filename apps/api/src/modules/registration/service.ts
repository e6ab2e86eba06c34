import type { Locale, Register } from "@stempla/domain";
import { eq, sql } from "drizzle-orm";
import { type Database, isUniqueViolation } from "../../db/client.ts";
import { billingAddresses, companies, legalForms, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { hashPassword, issueConfirmation } from "../auth/service.ts";
import { positionFor } from "../geo/service.ts";
import { recordRegistrationAcceptance } from "../terms/service.ts";

export async function isEmailFree(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return !row;
}

/** What a registration form gives beside the company's own fields (Register and RegisterComplete). */
type AccountDetails = Pick<
  Register,
  | "company_name"
  | "street"
  | "building"
  | "postcode"
  | "city"
  | "country"
  | "address"
  | "latitude"
  | "longitude"
  | "phone_number"
  | "contact_name"
  | "contact_surname"
>;

/**
 * Everything a registered partner account has beside its company row, written in the caller's
 * transaction: the accepted terms, the billing address, the unconfirmed partner user and the
 * confirmation mail. An ordinary registration and a franchisee's completed invitation both use it.
 */
export async function enrolPartnerAccount(
  tx: Database,
  companyId: number,
  input: AccountDetails,
  account: { email: string; passwordHash: string; locale: Locale; publicUrl: string; at: Date },
): Promise<void> {
  // The contract checkbox (contract_accepted): the terms version in force now, and when.
  await recordRegistrationAcceptance(tx, companyId, account.at);
  await tx.insert(billingAddresses).values({
    companyId,
    street: input.street,
    building: input.building,
    postcode: input.postcode.toUpperCase(),
    city: input.city,
    country: input.country,
    address: input.address ?? `${input.street} ${input.building}, ${input.postcode} ${input.city}`,
    // The pin from the registration form, else the position of the postcode's town.
    ...positionFor(input),
    phoneNumber: input.phone_number,
  });
  const [user] = await tx
    .insert(users)
    .values({
      companyId,
      role: "partner",
      email: account.email,
      passwordHash: account.passwordHash,
      firstName: input.contact_name ?? null,
      surname: input.contact_surname ?? null,
      phone: input.phone_number,
      locale: account.locale,
    })
    .returning({ id: users.id });
  await issueConfirmation(
    tx,
    { id: user!.id, email: account.email, locale: account.locale },
    input.company_name,
    account.publicUrl,
  );
}

/**
 * Creates the company (status black until the address is confirmed, docs/product.md), its billing address and the unconfirmed user, and queues the
 * confirmation mail, all in one transaction. The unique index on lower(email) settles a race of
 * two registrations with one address.
 */
export async function register(
  db: Database,
  input: Register,
  locale: Locale,
  publicUrl: string,
): Promise<{ email: string }> {
  const [legalForm] = await db
    .select({ id: legalForms.id })
    .from(legalForms)
    .where(eq(legalForms.id, input.legal_form_id));
  if (!legalForm) throw HttpError.validation({ legal_form_id: ["legalForm.required"] });
  if (!(await isEmailFree(db, input.email))) throw HttpError.validation({ email: ["email.taken"] });

  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          type: input.type,
          name: input.company_name,
          legalFormId: input.legal_form_id,
          vatId: input.vat ?? null,
          status: "black",
          locale,
        })
        .returning({ id: companies.id });
      const companyId = company!.id;
      await enrolPartnerAccount(tx, companyId, input, {
        email: input.email,
        passwordHash,
        locale,
        publicUrl,
        at: new Date(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.validation({ email: ["email.taken"] });
    throw error;
  }
  return { email: input.email };
}
