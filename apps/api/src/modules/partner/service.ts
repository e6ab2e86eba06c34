import type { BonusCard, BonusCardView, PartnerSocial, SocialType } from "@stempla/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, partnerProfiles, partnerSocials } from "../../db/schema/index.ts";
import { HttpError } from "../../plugins/http-error.ts";

export async function getCard(db: Database, companyId: number): Promise<BonusCardView> {
  const [[profile], socials] = await Promise.all([
    db.select().from(partnerProfiles).where(eq(partnerProfiles.companyId, companyId)),
    listSocials(db, companyId),
  ]);
  return {
    description: profile?.description ?? null,
    points: profile?.points ?? null,
    excluded_products: profile?.excludedProducts ?? null,
    time_limits: profile?.timeLimits ?? null,
    minimum_spend_cents: profile?.minimumSpendCents ?? null,
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
    ...(await getCard(db, companyId)),
  };
}

/** Saves the card; says whether anything that the team reviews actually changed. */
export async function saveCard(db: Database, companyId: number, card: BonusCard): Promise<boolean> {
  const values = {
    description: card.description,
    points: card.points,
    excludedProducts: card.excluded_products ?? null,
    timeLimits: card.time_limits ?? null,
    minimumSpendCents: card.minimum_spend_cents,
  };
  const [before] = await db.select().from(partnerProfiles).where(eq(partnerProfiles.companyId, companyId));
  await db
    .insert(partnerProfiles)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: partnerProfiles.companyId, set: { ...values, updatedAt: new Date() } });
  return (
    !before ||
    before.description !== values.description ||
    before.points !== values.points ||
    before.excludedProducts !== values.excludedProducts ||
    before.timeLimits !== values.timeLimits ||
    before.minimumSpendCents !== values.minimumSpendCents
  );
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
