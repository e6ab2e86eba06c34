import { formatMoney } from "@stempla/domain";
import { useMemo } from "react";
import { useLocale } from "../../../shared/i18n/locale.ts";

/** Invoice dates and amounts in the page's language: "01.12.2026", "14,38 €". */
export function useInvoiceFormats() {
  const locale = useLocale();
  return useMemo(() => {
    // Invoice dates are calendar days: formatted in UTC so no time zone moves them to the day before.
    const day = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
      dateStyle: "medium",
      timeZone: "UTC",
    });
    return {
      day: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
      money: (cents: number) => formatMoney(cents, locale),
    };
  }, [locale]);
}
