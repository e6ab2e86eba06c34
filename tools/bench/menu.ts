// The guest menu in `npm run bench` (docs/decisions/009-digital-menu.md, section 7; issue 15): a
// live partner's location with a booked menu of 40 dishes in sections and 10 photos, made through
// the menu module's service functions (real uploads through processMenuImage), served by the real
// API on loopback; Lighthouse 12.2.3 with its default mobile emulation and simulated throttling
// measures /dm/{id} in Debian's chromium. Never asserted in tests.
import { gzipSync } from "node:zlib";
import { menuItemCreateSchema } from "@stempla/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { buildApp } from "../../apps/api/src/app.ts";
import type { Config } from "../../apps/api/src/config.ts";
import { rowsOf } from "../../apps/api/src/db/client.ts";
import { setDigitalMenu } from "../../apps/api/src/modules/billing/digital-menu.ts";
import { createItem, updateMenuSettings } from "../../apps/api/src/modules/menu/service.ts";
import { processMenuImage } from "../../apps/api/src/modules/menu/uploads.ts";
import { createSimPartners } from "../simulate/partners.ts";
import type { BenchDatabase } from "./database.ts";
import { type FailingAudit, launchLighthouseBrowser, medianRun, saveReport } from "./lighthouse-run.ts";

export interface MenuBenchResult {
  url: string;
  dishes: number;
  photos: number;
  performance: number;
  accessibility: number;
  /** Every run's performance score, in run order (the other fields are the median run's). */
  performanceRuns: number[];
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
  failing: FailingAudit[];
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

/**
 * A 1000x750 JPEG (quality 85) of soft colour gradients and a blurred grain, so that it compresses
 * about as a real food photo does (about 130 KB as uploaded, about 75 KB as the 960 px WebP);
 * per-pixel noise would weigh far more than any photo.
 */
async function photo(seed: number): Promise<Buffer> {
  const width = 1000;
  const height = 750;
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const grain = (s >>> 24) % 48;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 180) / width + grain + seed * 7;
      pixels[i + 1] = (y * 160) / height + grain;
      pixels[i + 2] = 110 + Math.sin((x + y + seed * 50) / 40) * 60 + grain;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.7)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Builds the menu (`dishes` dishes in sections, `photos` photos) and runs Lighthouse mobile on it
 * `runs` times.
 */
export async function benchGuestMenu(
  bench: BenchDatabase,
  config: Config,
  opts: { dishes: number; photos: number; runs: number },
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
      if (photos === 0) {
        const sizes = image.renditions.map(
          (r) => `${r.width} px WebP ${(r.bytes.length / 1024).toFixed(0)} KB`,
        );
        log(
          `guest menu: a photo is ${(image.bytes.length / 1024).toFixed(0)} KB as uploaded; ${sizes.join(", ")}`,
        );
      }
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
  const browser = await launchLighthouseBrowser();
  try {
    const html = await (await fetch(url, { headers: { "accept-language": "de" } })).text();
    if (!html.includes("<html"))
      throw new Error(`guest page did not answer with HTML: ${html.slice(0, 200)}`);
    const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("");
    const runs: MenuBenchResult[] = [];
    for (let run = 1; run <= opts.runs; run++) {
      log(`guest menu: Lighthouse (mobile) run ${run} of ${opts.runs} on ${url}`);
      const lh = await browser.run(url);
      await saveReport(lh.lhr);
      const result: MenuBenchResult = {
        url,
        dishes,
        photos,
        performance: lh.performance,
        accessibility: lh.accessibility,
        performanceRuns: [],
        lcpMs: lh.lcpMs,
        tbtMs: lh.tbtMs,
        cls: lh.cls,
        totalBytes: lh.totalBytes,
        scriptTransferBytes: lh.scriptTransferBytes,
        inlineScriptGzipBytes: inline.length === 0 ? 0 : gzipSync(inline).length,
        htmlGzipBytes: gzipSync(html).length,
        failing: lh.failing,
      };
      log(
        `guest menu: run ${run}: performance ${result.performance}, accessibility ${result.accessibility}, LCP ${result.lcpMs.toFixed(0)} ms, TBT ${result.tbtMs.toFixed(0)} ms`,
      );
      runs.push(result);
    }
    return medianRun(runs);
  } finally {
    await browser.close();
    await app.close();
  }
}
