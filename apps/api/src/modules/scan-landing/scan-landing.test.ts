import { berlinWeekdayAndMinute } from "@stempla/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPartner } from "../../test/accounts.ts";
import { build, type TestApp } from "../../test/build.ts";
import { CARD, companyIdOf, completeSetUp, LOCATION, ORIGIN, signedInAdmin } from "../../test/review.ts";
import { livePartner } from "../../test/scans.ts";

const IOS = "https://apps.apple.com/de/app/stempla-test/id1";
const ANDROID = "https://play.google.com/store/apps/details?id=de.stempla.test";

let t: TestApp;
beforeAll(async () => {
  t = await build({
    PUBLIC_URL: ORIGIN,
    APP_IOS_URL: IOS,
    APP_ANDROID_URL: ANDROID,
    APP_URL_SCHEME: "stempla-test",
  });
});

const landing = (code: string, headers: Record<string, string> = {}) =>
  t.inject({ url: `/s/${code}`, headers });

async function approve(companyId: number) {
  const admin = await signedInAdmin(t);
  const res = await t.inject({
    method: "POST",
    url: `/api/admin/partners/${companyId}/approve`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
}

/** The page's text without tags, to read it as a guest does. */
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("scan landing", () => {
  it("shows a live partner's card, the location's hours and both app stores, in German", async () => {
    const cafe = await livePartner(t);
    const res = await landing(cafe.scanCode, { "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="de">/);
    const page = text(html);
    expect(page).toContain(`${cafe.user.company.name} Öffentlich`);
    expect(page).toContain(CARD.description);
    expect(page).toContain("Sammeln Sie 10 Punkte: Bei Ihrem 11. Besuch erhalten Sie die Prämie.");
    expect(page).toContain(LOCATION.name);
    expect(page).toContain("Marktplatz 3, 50667 Köln");
    expect(page).toMatch(/Montag (heute )?08:00–18:00/);
    expect(page).toMatch(/Sonntag (heute )?geschlossen/);
    expect(html).toContain(`href="${IOS}"`);
    expect(html).toContain(`href="${ANDROID}"`);
    expect(html).toContain(`href="stempla-test://s/${cafe.scanCode}"`);
    expect(page).toContain("In der App öffnen");
    // Today (Berlin) is marked.
    const today = berlinWeekdayAndMinute(new Date()).day;
    const names = {
      mon: "Montag",
      tue: "Dienstag",
      wed: "Mittwoch",
      thu: "Donnerstag",
      fri: "Freitag",
      sat: "Samstag",
      sun: "Sonntag",
    };
    expect(html).toMatch(
      new RegExp(`<tr class="today"><th scope="row">${names[today]} <span class="tag">heute</span>`),
    );
    // Nothing for businesses, no script, and small.
    expect(page).not.toMatch(/Preise|Registrieren|Für Unternehmen/);
    expect(html).not.toContain("<script");
    expect(Buffer.byteLength(html)).toBeLessThan(20_000);
    // The CSP of every page still holds: scripts only from our origin, inline styles allowed.
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("style-src 'self' 'unsafe-inline'");
  });

  it("speaks the browser's language: English for Accept-Language en, the ?lang switch wins", async () => {
    const cafe = await livePartner(t);
    const en = await landing(cafe.scanCode, { "accept-language": "en-GB,en;q=0.9" });
    expect(en.body).toContain('<html lang="en">');
    const page = text(en.body);
    expect(page).toContain("Collect 10 points: the reward is yours on your 11th visit.");
    expect(page).toMatch(/Monday (today )?08:00–18:00/);
    expect(page).toMatch(/Sunday (today )?closed/);
    expect(page).toContain("Download on the App Store");
    expect(page).toContain("Get it on Google Play");
    expect(page).toContain("Open in the app");
    expect(page).toContain("Deutsch");
    const de = await t.inject({ url: `/s/${cafe.scanCode}?lang=de`, headers: { "accept-language": "en" } });
    expect(de.body).toContain('<html lang="de">');
    expect(text(de.body)).toContain("Laden im App Store");
  });

  it("stays the guest's page whatever ?lang holds: a repeated, empty or unknown value is ignored", async () => {
    const cafe = await livePartner(t);
    for (const query of ["lang=en&lang=de", "lang=", "lang=fr", "lang[]=en", "lang=%00"]) {
      const res = await t.inject({
        url: `/s/${cafe.scanCode}?${query}`,
        headers: { "accept-language": "en" },
      });
      expect(res.statusCode, query).toBe(200);
      expect(res.headers["content-type"], query).toBe("text/html; charset=utf-8");
      expect(res.body, query).toContain('<html lang="en">');
    }
  });

  it("shows the card's conditions and the logo as an image", async () => {
    const partner = await signedInPartner(t);
    const setUp = await completeSetUp(t, partner);
    const saved = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${setUp.id}`,
      headers: partner.headers,
      payload: {
        ...CARD,
        conditions: { excluded_products: ["Tabakwaren"], minimum_spend_cents: 500, note: "Nur am Tresen" },
      },
    });
    expect(saved.statusCode).toBe(200);
    const boundary = "----stemplaLandingLogo";
    const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const uploaded = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/partner/logo",
      headers: { ...partner.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        logo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    await approve(setUp.id);
    const html = (await landing(setUp.scanCode)).body;
    expect(text(html)).toContain(
      "Bedingungen Nicht gültig für: Tabakwaren Mindestumsatz 5,00 € pro Stempel Nur am Tresen",
    );
    const src = html.match(/<img class="logo" src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^\/api\/v2\/logos\/[0-9a-f]{64}\/small\.png$/);
    const image = await t.inject({ url: src! });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
  });

  it("escapes every text the partner wrote", async () => {
    const partner = await signedInPartner(t);
    const setUp = await completeSetUp(t, partner);
    const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const saved = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/partner/${setUp.id}`,
      headers: partner.headers,
      payload: {
        description: `Gratis"><b>${evil}`,
        points: 10,
        public_name: `Café ${evil}`.slice(0, 50),
        conditions: { note: `'${evil}` },
      },
    });
    expect(saved.statusCode).toBe(200);
    const loc = await t.inject({
      method: "POST",
      url: `/api/v2/dashboard/shop/${setUp.locationId}`,
      headers: partner.headers,
      payload: { ...LOCATION, name: `Filiale ${evil}`.slice(0, 60), street: `<b>Markt</b>` },
    });
    expect(loc.statusCode).toBe(200);
    await approve(setUp.id);
    const html = (await landing(setUp.scanCode)).body;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toMatch(/<b>(Markt|<script)/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;Markt&lt;/b&gt;");
    expect(html).toContain("&#39;&lt;script&gt;");
  });

  it("says a card is not active while the partner is not live, and when it was blocked", async () => {
    const partner = await signedInPartner(t);
    const setUp = await completeSetUp(t, partner);
    const waiting = await landing(setUp.scanCode, { "accept-language": "de" });
    expect(waiting.statusCode).toBe(200);
    expect(text(waiting.body)).toContain("Diese Bonuskarte ist gerade nicht aktiv");
    // Nothing the team has not approved is shown.
    expect(waiting.body).not.toContain(partner.user.company.name);
    expect(waiting.body).not.toContain(CARD.description);
    expect(waiting.body).not.toContain(LOCATION.name);

    await approve(setUp.id);
    expect(text((await landing(setUp.scanCode)).body)).toContain(CARD.description);
    const admin = await signedInAdmin(t);
    const blocked = await t.inject({
      method: "POST",
      url: `/api/admin/partners/${setUp.id}/block`,
      headers: admin.headers,
      payload: { reason: "Impressum unvollständig" },
    });
    expect(blocked.statusCode).toBe(200);
    const en = await landing(setUp.scanCode, { "accept-language": "en" });
    expect(en.statusCode).toBe(200);
    expect(text(en.body)).toContain("This stamp card is not active at the moment");
    expect(en.body).not.toContain(CARD.description);
  });

  it("answers an unknown or malformed code with a 404 page in the visitor's language", async () => {
    const unknown = await landing("unknowncode123", { "accept-language": "en" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(text(unknown.body)).toContain("We do not know this code");
    const malformed = await landing("%3Cscript%3E", { "accept-language": "de" });
    expect(malformed.statusCode).toBe(404);
    expect(text(malformed.body)).toContain("Diesen Code kennen wir nicht");
    expect(malformed.body).not.toContain("<script>");
  });

  it("reads a number an approval before E.164 published as typed: it dials as +49 221 …", async () => {
    const cafe = await livePartner(t);
    // The last approval as one from before migration 0018 recorded it, while a change waits for
    // review (orange: guests see the approved data).
    await t.db.execute(sql`
      update review_approvals set published = jsonb_set(published, '{locations,0,phone}', '"+49 0221 1234567"')
      where company_id = ${companyIdOf(cafe)}`);
    const changed = await t.inject({
      method: "PATCH",
      url: "/api/v2/dashboard/company/phone",
      payload: { phone_number: "0221 9999999" },
      headers: cafe.headers,
    });
    expect(changed.statusCode).toBe(200);
    const html = (await landing(cafe.scanCode)).body;
    expect(html).toContain('href="tel:+492211234567"');
    expect(text(html)).toContain("Telefon: +49 221 1234567");
  });

  it("shows only the scanned location, and nothing of another partner", async () => {
    const cafe = await livePartner(t);
    const other = await livePartner(t);
    // A second location, approved with the change: each code shows its own.
    const second = await t.inject({
      method: "POST",
      url: "/api/v2/dashboard/shop",
      headers: cafe.headers,
      payload: { ...LOCATION, name: "Café am Dom", street: "Domkloster", building: "4" },
    });
    expect(second.statusCode).toBe(201);
    const secondCode = String(second.json().data.scan_url).split("/s/")[1]!;
    // Added while live: not published before the team approves it.
    expect(text((await landing(secondCode)).body)).toContain("Diese Bonuskarte ist gerade nicht aktiv");
    await approve(companyIdOf(cafe));

    const first = text((await landing(cafe.scanCode)).body);
    expect(first).toContain("Marktplatz 3");
    expect(first).not.toContain("Café am Dom");
    expect(first).not.toContain("Domkloster");
    expect(first).not.toContain(other.user.company.name);
    const dom = text((await landing(secondCode)).body);
    expect(dom).toContain("Café am Dom");
    expect(dom).toContain("Domkloster 4");
    expect(dom).not.toContain("Marktplatz 3");
    const domHtml = (await landing(secondCode)).body;
    expect(domHtml).toContain(`href="stempla-test://s/${secondCode}"`);
    expect(domHtml).not.toContain(cafe.scanCode);
  });
});
