import { formatMoney } from "@stempla/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../../shared/i18n/locale.ts";

const monthDate = (month: string) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1));
};

/** Numbers, money, months and weeks of the statistics in the page's language ("1.234", "12,08 €", "Nov."). */
export function useStatsFormats() {
  const locale = useLocale();
  const { t } = useTranslation("dashboard");
  return useMemo(() => {
    const tag = locale === "de" ? "de-DE" : "en-GB";
    const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 });
    // Months and days are calendar values (YYYY-MM, YYYY-MM-DD): formatted in UTC, never shifted.
    const monthShort = new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" });
    const monthShortYear = new Intl.DateTimeFormat(tag, { month: "short", year: "numeric", timeZone: "UTC" });
    const monthLong = new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" });
    const day = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
    const dayShort = new Intl.DateTimeFormat(tag, { day: "numeric", month: "numeric", timeZone: "UTC" });
    const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
    const time = new Intl.DateTimeFormat(tag, { timeStyle: "short" });
    return {
      number: (n: number) => integer.format(n),
      decimal: (n: number) => decimal.format(n),
      percent: (n: number) => percent.format(n),
      money: (cents: number) => formatMoney(cents, locale),
      /** "Nov." (de) / "Nov" (en): axis ticks. */
      monthShort: (month: string) => monthShort.format(monthDate(month)),
      /** "Nov. 2026": tooltips and summaries. */
      monthShortYear: (month: string) => monthShortYear.format(monthDate(month)),
      /** "November 2026": the month selector and titles. */
      monthLong: (month: string) => monthLong.format(monthDate(month)),
      /** A calendar day (YYYY-MM-DD): "23.11.2026" / "23 Nov 2026". */
      day: (iso: string) => day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
      /** An instant in the viewer's time zone. */
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      /** "2026-W47" -> "KW 47" / "Wk 47". */
      weekShort: (period: string) => t("weekShort", { week: Number(period.split("-W")[1]) }),
      /** "KW 47, ab 16.11." / "Wk 47, from 16/11". */
      weekLong: (period: string, start: string) =>
        t("weekLong", {
          week: Number(period.split("-W")[1]),
          start: dayShort.format(new Date(`${start}T00:00:00Z`)),
        }),
    };
  }, [locale, t]);
}

export type StatsFormats = ReturnType<typeof useStatsFormats>;
