import type { APIRequestContext, Page } from "@playwright/test";
import { approveAccount, confirmedPartner, logIn } from "./accounts.ts";
import { expect } from "./fixtures.ts";

export const HOURS = {
  mon: [{ from: "07:00", to: "18:00" }],
  tue: [{ from: "07:00", to: "18:00" }],
  wed: [{ from: "07:00", to: "18:00" }],
  thu: [{ from: "07:00", to: "18:00" }],
  fri: [{ from: "07:00", to: "18:00" }],
  sat: [{ from: "08:00", to: "13:00" }],
  sun: [],
};
export const SHOP = {
  name: "Filiale Altstadt",
  street: "Römerberg",
  building: "12",
  postcode: "60311",
  city: "Frankfurt am Main",
  working_hours: HOURS,
};

/** The partner's API, as its own session (a bearer token needs no Origin header). */
async function partnerApi(request: APIRequestContext, email: string, password: string) {
  const login = await request.post("/api/v2/dashboard/login", { data: { email, password } });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const call = async (method: "get" | "post" | "patch", path: string, data?: unknown) => {
    const res = await request[method](`/api/v2${path}`, { headers, data });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()).data;
  };
  const partnerId: number = (await call("get", "/dashboard/partner"))[0].id;
  const companyId: number = (await call("get", "/dashboard/profile")).company.id;
  return { call, partnerId, companyId };
}

/** Everything a set-up needs (spec section 4), given through the API: the account turns yellow. */
export async function completeSetUp(request: APIRequestContext, email: string, password: string) {
  const partner = await partnerApi(request, email, password);
  await partner.call("post", `/dashboard/partner/${partner.partnerId}`, {
    description: "Jedes zehnte Brötchen ist gratis",
    points: 10,
  });
  const shop = await partner.call("post", "/dashboard/shop", SHOP);
  await partner.call("patch", "/dashboard/company/contact", {
    first_name: "Marta",
    surname: "Korn",
    phone: "+49 69 987654",
  });
  await partner.call("post", "/dashboard/company/payment", {
    account_holder: "Marta Korn",
    iban: "DE89370400440532013000",
    mandate_accepted: true,
  });
  const status = await partner.call("get", "/dashboard/status");
  expect(status.status).toBe("yellow");
  return { ...partner, shopId: shop.id as number };
}

/**
 * A live partner: registered and confirmed, set up and approved by the team (green) through the
 * API, then signed in on `page` (the sign-in has landed on the dashboard). Returns the account's
 * credentials, its API for fixtures, its company and its location.
 */
export async function liveSignedInPartner(
  page: Page,
  request: APIRequestContext,
  companyName: string,
  locale = "de",
) {
  const account = await confirmedPartner(request, companyName);
  const partner = await completeSetUp(request, account.email, account.password);
  await approveAccount(request, partner.companyId);
  await logIn(page, account.email, account.password, locale);
  await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard`));
  return { ...account, ...partner };
}
