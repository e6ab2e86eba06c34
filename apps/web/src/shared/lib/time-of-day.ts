import { timeOfDaySchema } from "@stempla/domain";

// A time of day typed as text in 24-hour form (HH:MM), the same in every browser: the native time
// input follows the operating system's language and shows AM/PM in en-US. These functions turn
// what people type on a phone keypad or a keyboard into HH:MM.

/** While typing: digits and one colon, at most HH:MM; "093" reads as "09:3", "9:3" stays. */
export function typedTime(raw: string): string {
  const kept = raw.replace(/[^\d:.]/g, "").replace(".", ":");
  if (kept.includes(":")) {
    const [hours = "", minutes = ""] = kept.split(":");
    return `${hours.slice(0, 2)}:${minutes.replace(/\D/g, "").slice(0, 2)}`;
  }
  const digits = kept.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * On leaving the field: "9" -> "09:00", "930" -> "09:30", "1800" -> "18:00", "24" -> "24:00", and
 * "18:3" -> "18:30" (typing stopped before the last digit). Text that is no time of day comes back
 * unchanged, for the field's message to point at.
 */
export function completedTime(raw: string): string {
  const text = raw.trim();
  if (!text) return text;
  let hours: string;
  let minutes: string;
  if (text.includes(":")) {
    [hours = "", minutes = ""] = text.split(":");
  } else if (/^\d{3,4}$/.test(text)) {
    hours = text.slice(0, text.length - 2);
    minutes = text.slice(-2);
  } else {
    hours = text;
    minutes = "";
  }
  if (!/^\d{1,2}$/.test(hours) || !/^\d{0,2}$/.test(minutes)) return text;
  const candidate = `${hours.padStart(2, "0")}:${minutes.padEnd(2, "0")}`;
  return isTimeOfDay(candidate) ? candidate : text;
}

export const isTimeOfDay = (value: string): boolean => timeOfDaySchema.safeParse(value).success;

/**
 * Arrow keys: the next time on a grid of `step` minutes up (direction 1) or down (-1), so 09:07
 * goes to 09:15 or 09:00; kept within 00:00 and 24:00. Text that is no time stays.
 */
export function steppedTime(value: string, direction: 1 | -1, step = 15): string {
  const time = completedTime(value);
  if (!isTimeOfDay(time)) return value;
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const next = direction > 0 ? Math.floor(total / step) * step + step : Math.ceil(total / step) * step - step;
  const moved = Math.min(24 * 60, Math.max(0, next));
  const h = String(Math.floor(moved / 60)).padStart(2, "0");
  const m = String(moved % 60).padStart(2, "0");
  return `${h}:${m}`;
}
