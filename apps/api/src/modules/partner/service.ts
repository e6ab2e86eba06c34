import { createHash } from "node:crypto";
import {
  type BonusCardView,
  berlinMonth,
  type CardConditions,
  type Categories,
  type PartnerSocial,
  type PartnerUpdate,
  type SocialType,
} from "@stempla/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  categories,
  companies,
  logoImages,
  partnerCategories,
  partnerProfiles,
  partnerSocials,
} from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";
import { collectiveInvoicingIn, switchCollectiveInvoicing } from "../franchise/service.ts";
import { logoUrls, type ProcessedLogo } from "./logo.ts";

/** The card's conditions as stored (docs/product.md, "Bonus card conditions"). */
export const conditionsOf = (profile: typeof partnerProfiles.$inferSelect | undefined): CardConditions => ({
  excluded_products: profile?.excludedProducts ?? [],
  time_limits: profile?.timeLimits ?? null,
  minimum_spend_cents: profile?.minimumSpendCents ?? null,
  note: profile?.conditionsNote ?? null,
});

export async function getCard(db: Database, companyId: number): Promise<BonusCardView> {
  const [[profile], socials] = await Promise.all([
    db.select().from(partnerProfiles).where(eq(partnerProfiles.companyId, companyId)),
    listSocials(db, companyId),
  ]);
  return {
    description: profile?.description ?? null,
    points: profile?.points ?? null,
    conditions: conditionsOf(profile),
    socials,
  };
}

/** The partner entry of GET /dashboard/partner (spec section 7: a list whose first entry is used). */
export async function getPartner(db: Database, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw HttpError.notFound();
  const [profile] = await db.select().from(partnerProfiles).where(eq(partnerProfiles.companyId, companyId));
  return {
    id: company.id,
    company_name: company.name,
    public_name: profile?.publicName ?? null,
    status: company.status,
    categories: await getCategories(db, companyId),
    logo: profile?.logoHash ? logoUrls(profile.logoHash) : null,
    // The spec's payment preference: collective invoicing in this Berlin month (docs/decisions/008-franchise-model.md, section 5).
    cumulative_billing:
      company.type === "master" ? await collectiveInvoicingIn(db, companyId, berlinMonth(new Date())) : false,
    ...(await getCard(db, companyId)),
  };
}

export async function getCategories(
  db: Database,
  companyId: number,
): Promise<{ primary: number | null; secondary: number[] }> {
  const rows = await db
    .select()
    .from(partnerCategories)
    .where(eq(partnerCategories.companyId, companyId))
    .orderBy(asc(partnerCategories.position));
  return {
    primary: rows.find((r) => r.isPrimary)?.categoryId ?? null,
    secondary: rows.filter((r) => !r.isPrimary).map((r) => r.categoryId),
  };
}

async function saveCategories(db: Database, companyId: number, chosen: Categories): Promise<void> {
  const ids = [chosen.primary, ...chosen.secondary];
  const known = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  if (known.length !== ids.length) throw HttpError.validation({ categories: ["categories.invalid"] });
  await db.transaction(async (tx) => {
    await tx.delete(partnerCategories).where(eq(partnerCategories.companyId, companyId));
    await tx
      .insert(partnerCategories)
      .values(
        ids.map((categoryId, position) => ({ companyId, categoryId, isPrimary: position === 0, position })),
      );
  });
}

/**
 * Saves the partner-level fields that were sent (the wizard sends one step at a time), in the
 * caller's transaction. Cumulative billing is a franchisor's choice only: it is the collective
 * invoicing switch of docs/decisions/008-franchise-model.md (section 5), so it applies from the
 * next month once the master was billed, and mails its network; `by` names who chose and the
 * address the mails link to.
 */
export async function updatePartner(
  db: Database,
  companyId: number,
  update: PartnerUpdate,
  by: { userId: number | null; publicUrl: string },
): Promise<void> {
  if (update.cumulative_billing !== undefined) {
    const [company] = await db
      .select({ type: companies.type })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company?.type !== "master") throw HttpError.validation({ cumulative_billing: ["input.invalid"] });
    await switchCollectiveInvoicing(db, { companyId, userId: by.userId }, update.cumulative_billing, {
      publicUrl: by.publicUrl,
    });
  }
  if (update.categories) await saveCategories(db, companyId, update.categories);
  const values = Object.fromEntries(
    Object.entries({
      description: update.description,
      points: update.points,
      ...(update.conditions && {
        excludedProducts: update.conditions.excluded_products,
        timeLimits: update.conditions.time_limits,
        minimumSpendCents: update.conditions.minimum_spend_cents,
        conditionsNote: update.conditions.note,
      }),
      publicName: update.public_name,
    }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(values).length === 0) return;
  await db
    .insert(partnerProfiles)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: partnerProfiles.companyId, set: { ...values, updatedAt: new Date() } });
}

/**
 * The address of a company's logo: the file's hash scoped by the company. Two partners that upload
 * the same file (franchisees with the chain's logo) must not share rows, or deleting one account
 * (its renditions cascade) would take the other's logo with it.
 */
const logoKey = (companyId: number, fileHash: string) =>
  createHash("sha256").update(`${companyId}:${fileHash}`).digest("hex");

/** Stores a processed logo and makes it the partner's current one. */
export async function saveLogo(db: Database, companyId: number, processed: ProcessedLogo): Promise<void> {
  const logo = { ...processed, hash: logoKey(companyId, processed.hash) };
  await db.transaction(async (tx) => {
    await tx
      .insert(logoImages)
      .values(
        Object.entries(logo.renditions).map(([size, content]) => ({
          hash: logo.hash,
          size: size as keyof ProcessedLogo["renditions"],
          companyId,
          content,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(partnerProfiles)
      .values({ companyId, logoHash: logo.hash })
      .onConflictDoUpdate({
        target: partnerProfiles.companyId,
        set: { logoHash: logo.hash, updatedAt: new Date() },
      });
  });
}

export async function removeLogo(db: Database, companyId: number): Promise<void> {
  await db
    .update(partnerProfiles)
    .set({ logoHash: null, updatedAt: new Date() })
    .where(eq(partnerProfiles.companyId, companyId));
}

export async function logoImage(db: Database, hash: string, size: "small" | "medium" | "large") {
  const [row] = await db
    .select({ content: logoImages.content })
    .from(logoImages)
    .where(and(eq(logoImages.hash, hash), eq(logoImages.size, size)));
  return row?.content;
}

export async function listSocials(db: Database, companyId: number): Promise<PartnerSocial[]> {
  return db
    .select({ id: partnerSocials.id, type: partnerSocials.type, url: partnerSocials.url })
    .from(partnerSocials)
    .where(eq(partnerSocials.companyId, companyId))
    .orderBy(asc(partnerSocials.id));
}

export async function createSocial(
  db: Database,
  companyId: number,
  input: { type: SocialType; url: string },
) {
  const [row] = await db
    .insert(partnerSocials)
    .values({ companyId, ...input })
    .onConflictDoNothing()
    .returning({ id: partnerSocials.id, type: partnerSocials.type, url: partnerSocials.url });
  if (!row) throw HttpError.validation({ type: ["social.duplicate"] });
  return row;
}

export async function updateSocial(
  db: Database,
  companyId: number,
  id: number,
  input: { type: SocialType; url: string },
) {
  const mine = and(eq(partnerSocials.id, id), eq(partnerSocials.companyId, companyId));
  const [own] = await db.select({ id: partnerSocials.id }).from(partnerSocials).where(mine);
  if (!own) throw HttpError.notFound();
  const [clash] = await db
    .select({ id: partnerSocials.id })
    .from(partnerSocials)
    .where(
      and(
        eq(partnerSocials.companyId, companyId),
        eq(partnerSocials.type, input.type),
        sql`${partnerSocials.id} <> ${id}`,
      ),
    );
  if (clash) throw HttpError.validation({ type: ["social.duplicate"] });
  const [row] = await db
    .update(partnerSocials)
    .set(input)
    .where(mine)
    .returning({ id: partnerSocials.id, type: partnerSocials.type, url: partnerSocials.url });
  return row!;
}

export async function deleteSocial(db: Database, companyId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(partnerSocials)
    .where(and(eq(partnerSocials.id, id), eq(partnerSocials.companyId, companyId)))
    .returning({ id: partnerSocials.id });
  if (deleted.length === 0) throw HttpError.notFound();
}

// The logo's image addresses, for every answer that shows a partner's logo.
export { logoUrls } from "./logo.ts";
