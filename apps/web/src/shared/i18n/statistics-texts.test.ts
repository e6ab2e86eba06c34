import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CUSTOMER_WORDS,
  customerLabel,
  DEFAULT_AVERAGE_RECEIPT_CENTS,
  type Locale,
  outstandingRewardsText,
} from "@stempla/domain";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { formatsFor } from "../lib/formats.ts";

// The statistics screen's texts as the page renders them: the dashboard's catalogue with the words
// of packages/domain (customer-figures.ts), so "returning" is named and defined the same way as in
// the PDF and the FAQ, and customers are named without a wallet address.

const catalogue = (locale: Locale, namespace: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../locales", locale, `${namespace}.json`), "utf8"));
const deDashboard = catalogue("de", "dashboard");
const enDashboard = catalogue("en", "dashboard");
const deClients = catalogue("de", "clients");
const enClients = catalogue("en", "clients");

async function translator(locale: Locale) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: locale,
    resources: {
      de: { dashboard: deDashboard, clients: deClients },
      en: { dashboard: enDashboard, clients: enClients },
    },
    ns: ["dashboard", "clients"],
    defaultNS: "dashboard",
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe("statistics texts", () => {
  it("German: the revenue's basis and the definition of returning, the formula in Sie-form words", async () => {
    const t = await translator("de");
    const words = CUSTOMER_WORDS.de;
    const receipt = formatsFor("de").money(DEFAULT_AVERAGE_RECEIPT_CENTS);
    expect(t("stats.revenue.formula", { scans: words.revenueScans(1234), receipt })).toBe(
      "1.234 Scans wiederkehrender Kunden × 8,00\u00a0€",
    );
    const explanation = t("stats.revenue.explanation", {
      basis: words.revenueBasis,
      definition: words.returningDefinition,
    });
    expect(explanation).toBe(
      "Scans wiederkehrender Kunden im Monat × Ihr durchschnittlicher Bonwert – ein Schätzwert, kein gebuchter Umsatz. " +
        "Wiederkehrend ist ein Kunde, der schon in einem früheren Monat bei Ihnen gescannt hat (bei einem gewählten Standort: an diesem Standort). Wer in diesem Monat zum ersten Mal kommt, ist neu.",
    );
    expect(t("stats.customerHistory.explanation", { definition: words.returningDefinition })).toContain(
      words.returningDefinition,
    );
  });

  it("English: the same figures in English", async () => {
    const t = await translator("en");
    const words = CUSTOMER_WORDS.en;
    const receipt = formatsFor("en").money(DEFAULT_AVERAGE_RECEIPT_CENTS);
    expect(t("stats.revenue.formula", { scans: words.revenueScans(1), receipt })).toBe(
      "1 scan by returning customers × €8.00",
    );
    expect(
      t("stats.revenue.explanation", { basis: words.revenueBasis, definition: words.returningDefinition }),
    ).toMatch(/^Scans by returning customers in the month × your average receipt – an estimate/);
  });

  it("name new and returning customers as the domain does, in every place of the screen", async () => {
    for (const locale of ["de", "en"] as const) {
      const t = await translator(locale);
      const words = CUSTOMER_WORDS[locale];
      expect(t("stats.customerHistory.returning").toLowerCase()).toBe(words.returning);
      expect(t("stats.figures.activeCustomersHint", { new: 3, returning: 5 })).toContain(
        `5 ${words.returning}`,
      );
      expect(t("stats.customerHistory.title").toLowerCase()).toContain(words.returning);
    }
  });

  it("say what is outstanding in whole cards and open points, and name customers by name or number", async () => {
    const t = await translator("de");
    expect(t("stats.outstanding.title")).toBe("Offene Prämien");
    expect(outstandingRewardsText({ fullCards: 12, openPoints: 334 }, "de")).toBe(
      "12 volle Karten und 334 offene Punkte",
    );
    expect(outstandingRewardsText({ fullCards: 12, openPoints: 334 }, "en")).toBe(
      "12 full cards and 334 open points",
    );
    expect(t("stats.outstanding.fullCardsNote", { points: 10 })).toBe(
      "10 Punkte ergeben eine volle Karte: bereit zum Einlösen, aber noch nicht eingelöst",
    );
    expect(customerLabel({ name: null, number: 4711 }, "de")).toBe("Kunde 4711");
    expect(customerLabel({ name: null, number: 4711 }, "en")).toBe("Customer 4711");
    expect(customerLabel({ name: "Anna Schmidt", number: 4711 }, "en")).toBe("Anna Schmidt");
    // No text of the statistics or the clients list mentions a wallet any more.
    for (const texts of [deDashboard.stats, enDashboard.stats, deClients, enClients]) {
      expect(JSON.stringify(texts)).not.toMatch(/wallet/i);
    }
  });
});
