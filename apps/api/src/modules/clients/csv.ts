import { pipeline, Readable } from "node:stream";
import { berlinDay, formatPhone, type Locale } from "@stempla/domain";
import { stringify } from "csv-stringify";
import type { ExportedClient } from "./service.ts";

// The clients CSV as Excel opens it without an import dialog in either language: UTF-8 with BOM,
// CRLF line ends, and the list separator and date format of the partner's language (German Excel
// splits at ";" and reads DD.MM.YYYY; English Excel splits at "," and reads ISO dates).

const FORMATS: Record<Locale, { delimiter: string; date: (isoDay: string) => string; filePrefix: string }> = {
  de: {
    delimiter: ";",
    date: (day) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`,
    filePrefix: "kunden",
  },
  en: { delimiter: ",", date: (day) => day, filePrefix: "clients" },
};

const HEADERS: Record<Locale, Record<CsvColumn, string>> = {
  de: {
    email: "E-Mail",
    first_name: "Vorname",
    surname: "Nachname",
    phone: "Telefon",
    wallet_address: "Wallet-Adresse",
    date_of_birth: "Geburtsdatum",
    points: "Punkte",
    collects: "Sammlungen",
    last_visit: "Letzter Besuch",
    number: "Kundennummer",
  },
  en: {
    email: "Email",
    first_name: "First name",
    surname: "Surname",
    phone: "Phone",
    wallet_address: "Wallet address",
    date_of_birth: "Date of birth",
    points: "Points",
    collects: "Collections",
    last_visit: "Last visit",
    number: "Customer number",
  },
};

type CsvColumn = Exclude<keyof ExportedClient, "id">;
const COLUMNS: CsvColumn[] = [
  "email",
  "first_name",
  "surname",
  "phone",
  "wallet_address",
  "date_of_birth",
  "points",
  "collects",
  "last_visit",
  "number",
];

const FORMULA_START = /^[=+\-@\t\r]/;
/** "+49 170 1234567": digits and spaces with at most a leading plus cannot be a formula. */
const PLAIN_PHONE = /^\+?[0-9 ]+$/;
const LINE_BREAK = /(\r\n|\r|\n)/;
/** Any field with a line break is quoted: unquoted, the break would start a new row. */
const HAS_LINE_BREAK = /[\r\n]/;

const neutraliseLine = (line: string) =>
  FORMULA_START.test(line) && !PLAIN_PHONE.test(line) ? `'${line}` : line;

/**
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return at the
 * start) gets a leading single quote, so it is shown as text (OWASP "CSV Injection"). The API
 * refuses line breaks in names, but older data may hold them: every line of such a value is
 * neutralised too, so not even a reader that splits the field at its breaks finds a formula.
 */
export function neutralise(value: string): string {
  const lines = value.split(LINE_BREAK).map((part, i) => (i % 2 === 1 ? part : neutraliseLine(part)));
  return neutraliseLine(lines.join(""));
}

export const csvFileName = (locale: Locale, now: Date) =>
  `${FORMATS[locale].filePrefix}-${berlinDay(now)}.csv`;

/** One CSV record: every text neutralised, dates in the language's format, the visit as a Berlin day. */
function record(client: ExportedClient, locale: Locale): Record<CsvColumn, string | number> {
  const { date } = FORMATS[locale];
  return {
    email: neutralise(client.email),
    first_name: neutralise(client.first_name ?? ""),
    surname: neutralise(client.surname ?? ""),
    phone: neutralise(client.phone ? formatPhone(client.phone) : ""),
    wallet_address: neutralise(client.wallet_address),
    date_of_birth: client.date_of_birth ? date(client.date_of_birth) : "",
    points: client.points,
    collects: client.collects,
    last_visit: date(berlinDay(new Date(client.last_visit))),
    number: client.number,
  };
}

/**
 * The CSV of the clients the batches yield, as a stream. Batches are pulled only as fast as the
 * reader takes the text (stream back-pressure), so one batch is in memory at a time.
 */
export function clientsCsv(
  batches: AsyncIterable<ExportedClient[]>,
  locale: Locale,
  onError: (e: Error) => void,
) {
  async function* records() {
    for await (const batch of batches) {
      for (const client of batch) yield record(client, locale);
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    delimiter: FORMATS[locale].delimiter,
    record_delimiter: "windows",
    // csv-stringify quotes a line feed but not a lone carriage return, which Excel also breaks at.
    quoted_match: HAS_LINE_BREAK,
    columns: COLUMNS.map((key) => ({ key, header: HEADERS[locale][key] })),
  });
  // pipeline destroys both ends on a failure (the response then ends early instead of hanging).
  return pipeline(Readable.from(records()), csv, (error) => {
    if (error) onError(error);
  });
}
