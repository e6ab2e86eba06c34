import { useMemo } from "react";
import { useLocale } from "../../../shared/i18n/locale.ts";

/** Dates of the clients page in the page's language. */
export function useClientFormats() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = locale === "de" ? "de-DE" : "en-GB";
    // A birth date is a calendar day: formatted in UTC so no time zone moves it to the day before.
    const day = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
    const visitDay = new Intl.DateTimeFormat(tag, { dateStyle: "medium" });
    const visitFull = new Intl.DateTimeFormat(tag, { dateStyle: "full", timeStyle: "short" });
    return {
      birthDate: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
      lastVisit: (iso: string) => visitDay.format(new Date(iso)),
      lastVisitFull: (iso: string) => visitFull.format(new Date(iso)),
    };
  }, [locale]);
}

/** "0x1a2b…9d8e": the start and the end are what people compare. */
export const shortAddress = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
