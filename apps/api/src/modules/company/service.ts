import {
  type CompanyEditGroup,
  type Creditor,
  companyEditSchemas,
  type Locale,
  mandateReference,
  maskIban,
  type PaymentMethodView,
  sepaMandateText,
} from "@stempla/domain";
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { billingAddresses, companies, legalForms, sepaMandates, users } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { positionFor } from "../geo/service.ts";
import { getPartner } from "../partner/service.ts";

/** The account's first user: the contact person of the registration. */
const ownerOf = async (db: Database, companyId: number) => {
  const [owner] = await db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id))
    .limit(1);
  if (!owner) throw HttpError.notFound();
  return owner;
};

export async function activeMandate(db: Database, companyId: number) {
  const [mandate] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.companyId, companyId), isNull(sepaMandates.endedAt)))
    .orderBy(desc(sepaMandates.signedAt))
    .limit(1);
  return mandate;
}

export const paymentView = (mandate: typeof sepaMandates.$inferSelect): PaymentMethodView => ({
  account_holder: mandate.accountHolder,
  iban_masked: maskIban(mandate.iban),
  mandate_reference: mandate.reference,
  signed_at: mandate.signedAt.toISOString(),
});

/** GET /dashboard/company: everything the company page shows; the IBAN only masked. */
export async function getCompany(db: Database, companyId: number, locale: Locale) {
  const [[row], [address], owner, mandate, partner] = await Promise.all([
    db
      .select({ company: companies, legalFormDe: legalForms.nameDe, legalFormEn: legalForms.nameEn })
      .from(companies)
      .leftJoin(legalForms, eq(legalForms.id, companies.legalFormId))
      .where(eq(companies.id, companyId)),
    db.select().from(billingAddresses).where(eq(billingAddresses.companyId, companyId)),
    ownerOf(db, companyId),
    activeMandate(db, companyId),
    getPartner(db, companyId),
  ]);
  if (!row) throw HttpError.notFound();
  const { company } = row;
  return {
    id: company.id,
    type: company.type,
    status: company.status,
    company_name: company.name,
    legal_form_id: company.legalFormId,
    legal_form: (locale === "de" ? row.legalFormDe : row.legalFormEn) ?? null,
    vat: company.vatId,
    address: address
      ? {
          street: address.street,
          building: address.building,
          postcode: address.postcode,
          city: address.city,
          country: address.country,
          latitude: address.latitude,
          longitude: address.longitude,
        }
      : null,
    phone: address?.phoneNumber ?? null,
    contact: { first_name: owner.firstName, surname: owner.surname, phone: owner.phone, email: owner.email },
    public_name: partner.public_name,
    logo: partner.logo,
    categories: partner.categories,
    cumulative_billing: partner.cumulative_billing,
    payment: mandate ? paymentView(mandate) : null,
    created_at: company.createdAt.toISOString(),
  };
}

type Edit<G extends CompanyEditGroup> = z.output<(typeof companyEditSchemas)[G]>;

/** Saves one field group of the company page. */
export async function editCompany(
  db: Database,
  companyId: number,
  group: CompanyEditGroup,
  body: unknown,
): Promise<void> {
  const parsed = companyEditSchemas[group].safeParse(body);
  if (!parsed.success) throw HttpError.fromZod(parsed.error);
  const now = new Date();
  switch (group) {
    case "company_name": {
      const { company_name } = parsed.data as Edit<"company_name">;
      await db
        .update(companies)
        .set({ name: company_name, updatedAt: now })
        .where(eq(companies.id, companyId));
      return;
    }
    case "legal_form": {
      const { legal_form_id } = parsed.data as Edit<"legal_form">;
      const [form] = await db
        .select({ id: legalForms.id })
        .from(legalForms)
        .where(eq(legalForms.id, legal_form_id));
      if (!form) throw HttpError.validation({ legal_form_id: ["legalForm.required"] });
      await db
        .update(companies)
        .set({ legalFormId: legal_form_id, updatedAt: now })
        .where(eq(companies.id, companyId));
      return;
    }
    case "vat": {
      const { vat } = parsed.data as Edit<"vat">;
      await db
        .update(companies)
        .set({ vatId: vat ?? null, updatedAt: now })
        .where(eq(companies.id, companyId));
      return;
    }
    case "address": {
      const a = parsed.data as Edit<"address">;
      const [stored] = await db
        .select()
        .from(billingAddresses)
        .where(eq(billingAddresses.companyId, companyId));
      // Registration always stores a billing address; without one there is nothing to edit.
      if (!stored) throw new HttpError(409);
      await db
        .update(billingAddresses)
        .set({
          street: a.street,
          building: a.building,
          postcode: a.postcode.toUpperCase(),
          city: a.city,
          country: a.country,
          address: `${a.street} ${a.building}, ${a.postcode.toUpperCase()} ${a.city}`,
          ...positionFor(a, stored),
        })
        .where(eq(billingAddresses.companyId, companyId));
      return;
    }
    case "phone": {
      const p = parsed.data as Edit<"phone">;
      const updated = await db
        .update(billingAddresses)
        .set({ phoneNumber: p.phone_number })
        .where(eq(billingAddresses.companyId, companyId))
        .returning({ id: billingAddresses.companyId });
      if (updated.length === 0) throw new HttpError(409);
      return;
    }
    case "contact": {
      const c = parsed.data as Edit<"contact">;
      const owner = await ownerOf(db, companyId);
      await db
        .update(users)
        .set({ firstName: c.first_name, surname: c.surname, phone: c.phone })
        .where(eq(users.id, owner.id));
      return;
    }
  }
}

/** The mandate the partner is about to accept: creditor, next reference and today's date. */
export async function mandatePreview(db: Database, companyId: number, creditor: Creditor, locale: Locale) {
  const [signed] = await db
    .select({ value: count() })
    .from(sepaMandates)
    .where(eq(sepaMandates.companyId, companyId));
  const reference = mandateReference(companyId, (signed?.value ?? 0) + 1);
  return {
    creditor_name: creditor.name,
    creditor_address: `${creditor.street}, ${creditor.postcode} ${creditor.city}`,
    creditor_id: creditor.creditorId,
    reference,
    date: new Date().toISOString().slice(0, 10),
    text: sepaMandateText(locale, creditor, reference),
  };
}

/**
 * Records the account holder, IBAN and the accepted mandate. A new mandate ends the previous one
 * (the payment method changed); the company row lock keeps references unique under double clicks.
 */
export async function signMandate(
  db: Database,
  companyId: number,
  userId: number,
  input: { account_holder: string; iban: string },
  creditor: Creditor,
  locale: Locale,
): Promise<PaymentMethodView> {
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const [signed] = await tx
      .select({ value: count() })
      .from(sepaMandates)
      .where(eq(sepaMandates.companyId, companyId));
    const reference = mandateReference(companyId, (signed?.value ?? 0) + 1);
    const now = new Date();
    await tx
      .update(sepaMandates)
      .set({ endedAt: now })
      .where(and(eq(sepaMandates.companyId, companyId), isNull(sepaMandates.endedAt)));
    const [mandate] = await tx
      .insert(sepaMandates)
      .values({
        companyId,
        reference,
        accountHolder: input.account_holder,
        iban: input.iban,
        mandateText: sepaMandateText(locale, creditor, reference),
        signedByUserId: userId,
        signedAt: now,
      })
      .returning();
    return paymentView(mandate!);
  });
}

/**
 * Revokes the SEPA mandate in force: a debtor may revoke it at any time. Without it the account
 * misses a requirement (docs/product.md, "Account status"), and open invoices are no longer debited.
 */
export async function revokeMandate(db: Database, companyId: number): Promise<void> {
  const ended = await db
    .update(sepaMandates)
    .set({ endedAt: new Date() })
    .where(and(eq(sepaMandates.companyId, companyId), isNull(sepaMandates.endedAt)))
    .returning({ id: sepaMandates.id });
  if (ended.length === 0) throw new HttpError(409, { messageKey: "payment.noMandate" });
}
