import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { companies, franchiseInvitations } from "../../db/schema/index.ts";
import { ORIGIN, signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { runInactiveAccountCleanup } from "./inactive-accounts.ts";

// An invited franchisee's company is black and has no login until the registration is completed
// (docs/decisions/008-franchise-model.md, section 1): the inactivity clean-up must leave it alone
// while the invitation is open, however long the team's check or the link takes.

let t: TestApp;
beforeAll(async () => {
  t = await build({ PUBLIC_URL: ORIGIN });
});

it("never deletes the company of an open invitation for inactivity", async () => {
  const master = await signedInPartner(t, {
    type: "master",
    contact_name: "Greta",
    contact_surname: "Gross",
  });
  const res = await t.inject({
    method: "POST",
    url: "/api/v2/dashboard/invite/",
    payload: {
      company_name: "Café Filiale",
      contact_name: "Jonas",
      contact_surname: "Berger",
      email: "filiale@retention-test.de",
    },
    headers: master.headers,
  });
  expect(res.statusCode).toBe(201);
  const [invitation] = await t.db
    .select()
    .from(franchiseInvitations)
    .where(eq(franchiseInvitations.id, res.json().data.id));
  const companyId = invitation!.franchiseeCompanyId!;
  const longAgo = new Date(Date.now() - 2 * 365 * 86_400_000);
  await t.db
    .update(companies)
    .set({ createdAt: longAgo, updatedAt: longAgo })
    .where(eq(companies.id, companyId));

  const result = await runInactiveAccountCleanup(t.db, { publicUrl: ORIGIN, now: new Date() });
  expect(result.deleted).not.toContain(companyId);
  expect(result.firstWarnings).not.toContain(companyId);
  expect(await t.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))).toEqual([
    { id: companyId },
  ]);
});
