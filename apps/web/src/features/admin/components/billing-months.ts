/** "2026-11": the month of a moment in Europe/Berlin, where invoice months are taken (architecture). */
export function berlinMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
}

/** The `count` months before the current one, newest first: the months that can be billed. */
export function completedMonths(now: Date, count = 12): string[] {
  const [year, month] = berlinMonth(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    // Month index from zero, counting back from the current month (exclusive).
    const index = year * 12 + (month - 1) - (i + 1);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** "November 2026" in the page's language. */
export function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}
