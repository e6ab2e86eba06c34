// The guest menu in `npm run bench` (docs/decisions/009-digital-menu.md, section 7; issue 15): a
// live partner's location with a booked menu of 40 dishes in sections and 10 photos, made through
// the menu module's service functions (real uploads through processMenuImage), served by the real
// API on loopback; Lighthouse 12.2.3 with its default mobile emulation and simulated throttling
// measures /dm/{id} in Debian's chromium. Never asserted in tests.
import { createServer } from "node:net";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { menuItemCreateSchema } from "@stempla/domain";
import { sql } from "drizzle-orm";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { buildApp } from "../../apps/api/src/app.ts";
import type { Config } from "../../apps/api/src/config.ts";
import { rowsOf } from "../../apps/api/src/db/client.ts";
import { setDigitalMenu } from "../../apps/api/src/modules/billing/digital-menu.ts";
import { createItem, updateMenuSettings } from "../../apps/api/src/modules/menu/service.ts";
import { processMenuImage } from "../../apps/api/src/modules/menu/uploads.ts";
import { createSimPartners } from "../simulate/partners.ts";
import type { BenchDatabase } from "./database.ts";

export interface MenuBenchResult {
  url: string;
  dishes: number;
  photos: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer sizes Lighthouse saw (compressed as sent): the whole page, and scripts only. */
  totalBytes: number;
  scriptTransferBytes: number;
  /** The page's inline <script> contents, gzip-compressed, and the HTML document gzip. */
  inlineScriptGzipBytes: number;
  htmlGzipBytes: number;
  /** Audits that cost points (score < 1), by category, worst first. */
  failing: { category: string; id: string; title: string; score: number; display: string }[];
}

const SECTIONS = [
  { de: "Vorspeisen", en: "Starters" },
  { de: "Hauptgerichte", en: "Main courses" },
  { de: "Pasta", en: "Pasta" },
  { de: "Desserts", en: "Desserts" },
  { de: "Getränke", en: "Drinks" },
];
const DISH_WORDS = ["Tomaten", "Kürbis", "Linsen", "Spinat", "Pilz", "Kräuter", "Zitronen", "Rote-Bete"];
const DISH_KINDS = ["suppe", "salat", "risotto", "tarte", "bowl", "curry", "ragout", "gratin"];
const ALLERGEN_SETS = [["gluten", "milk"], ["celery"], ["eggs", "mustard"], [], ["nuts", "soy"]];

/** A ~1000x750 JPEG with gradients and noise, so that it weighs about what a real photo does. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1000;
  const height = 750;
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const noise = (s >>> 24) % 40;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 200) / width + noise + seed * 7;
      pixels[i + 1] = (y * 180) / height + noise;
      pixels[i + 2] = 120 + Math.sin((x + y + seed * 50) / 40) * 60 + noise;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A free loopback port for chromium's DevTools endpoint, which Lighthouse connects to. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Builds the menu (`dishes` dishes in sections, `photos` photos) and runs Lighthouse mobile on it. */
export async function benchGuestMenu(
  bench: BenchDatabase,
  config: Config,
  opts: { dishes: number; photos: number },
  log: (line: string) => void,
): Promise<MenuBenchResult> {
  const db = bench.handle.db;
  const { companyIds } = await createSimPartners(db, config, {
    count: 1,
    locationsPerPartner: 1,
    seed: 15,
    firstNumber: 1501,
    adminId: undefined,
  });
  const companyId = companyIds[0]!;
  const [location] = rowsOf<{ id: number }>(
    await db.execute(sql`select id::int from locations where company_id = ${companyId} order by id limit 1`),
  );
  const [user] = rowsOf<{ id: number }>(await db.execute(sql`select id::int from users order by id limit 1`));
  const locationId = location!.id;
  await setDigitalMenu(db, locationId, true, user!.id);
  await updateMenuSettings(db, companyId, locationId, {
    registration_url: "https://stempla.example/registrieren",
    review_url: "https://reviews.example/bench-cafe",
    social_links: [{ type: "instagram", url: "https://instagram.com/bench.cafe" }],
  });

  log(`guest menu: ${opts.dishes} dishes and ${opts.photos} photos for location ${locationId}`);
  const add = (input: unknown, files = {}) =>
    createItem(db, companyId, locationId, undefined, menuItemCreateSchema.parse(input), files);
  const perSection = Math.ceil(opts.dishes / SECTIONS.length);
  const photosPerSection = Math.ceil(opts.photos / SECTIONS.length);
  let dishes = 0;
  let photos = 0;
  for (const [n, section] of SECTIONS.entries()) {
    await add({ kind: "section", texts: { de: { title: section.de }, en: { title: section.en } } });
    for (let p = 0; p < photosPerSection && photos < opts.photos; p++, photos++) {
      const image = await processMenuImage(await photo(photos + 1));
      await add(
        {
          kind: "photo",
          texts: {
            de: { title: `${section.de}: Foto ${p + 1}` },
            en: { title: `${section.en}: photo ${p + 1}` },
          },
        },
        { image },
      );
    }
    for (let d = 0; d < perSection && dishes < opts.dishes; d++, dishes++) {
      const title = `${DISH_WORDS[dishes % DISH_WORDS.length]}${DISH_KINDS[(dishes + n) % DISH_KINDS.length]}`;
      await add({
        kind: "dish",
        texts: {
          de: {
            title,
            body: "Mit frischen Kräutern aus der Region, hausgemachtem Brot und einem Dip nach Wahl.",
          },
          en: {
            title: `${title} (house style)`,
            body: "With fresh local herbs, home-made bread and a dip of your choice.",
          },
        },
        price_cents: 450 + ((dishes * 137) % 1800),
        allergens: ALLERGEN_SETS[dishes % ALLERGEN_SETS.length],
        additives: dishes % 4 === 0 ? ["colouring"] : [],
      });
    }
  }

  const app = await buildApp({ config, db, logger: false });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const url = `${base}/dm/${locationId}`;
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [`--remote-debugging-port=${port}`],
  });
  try {
    const html = await (await fetch(url, { headers: { "accept-language": "de" } })).text();
    if (!html.includes("<html"))
      throw new Error(`guest page did not answer with HTML: ${html.slice(0, 200)}`);
    const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("");
    log(`guest menu: Lighthouse (mobile) on ${url}`);
    const runner = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!runner) throw new Error("Lighthouse returned no result");
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]!;
    const requests =
      (audit("network-requests").details as { items?: { resourceType?: string; transferSize?: number }[] })
        .items ?? [];
    const failing: MenuBenchResult["failing"] = [];
    for (const [category, cat] of Object.entries(lhr.categories)) {
      for (const ref of cat.auditRefs) {
        const a = lhr.audits[ref.id]!;
        if (a.score !== null && a.score < 1 && (ref.weight > 0 || a.details?.type === "opportunity")) {
          failing.push({ category, id: a.id, title: a.title, score: a.score, display: a.displayValue ?? "" });
        }
      }
    }
    failing.sort((a, b) => a.score - b.score);
    return {
      url,
      dishes,
      photos,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: audit("largest-contentful-paint").numericValue ?? Number.NaN,
      tbtMs: audit("total-blocking-time").numericValue ?? Number.NaN,
      cls: audit("cumulative-layout-shift").numericValue ?? Number.NaN,
      totalBytes: audit("total-byte-weight").numericValue ?? Number.NaN,
      scriptTransferBytes: requests
        .filter((r) => r.resourceType === "Script")
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      inlineScriptGzipBytes: inline.length === 0 ? 0 : gzipSync(inline).length,
      htmlGzipBytes: gzipSync(html).length,
      failing,
    };
  } finally {
    await browser.close();
    await app.close();
  }
}
