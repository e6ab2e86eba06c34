import { TextInput } from "@mantine/core";
import { completedTime, steppedTime, typedTime } from "../lib/time-of-day.ts";

/**
 * A time of day as HH:MM in 24-hour form whatever the browser's language (a native time input
 * shows AM/PM in en-US). The phone shows its number pad; the colon comes by itself ("0930" reads
 * 09:30); leaving the field completes "9" to 09:00; the arrow keys move by a quarter hour. The
 * message of an invalid time is the caller's to place (below a row of times it has room).
 */
export function TimeField({
  value,
  onChange,
  onLeave,
  invalid = false,
  describedBy,
  "aria-label": ariaLabel,
  w = 96,
}: {
  value: string;
  onChange: (value: string) => void;
  /** After leaving the field, with the completed value. */
  onLeave?: (value: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  "aria-label": string;
  w?: number;
}) {
  return (
    <TextInput
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      value={value}
      placeholder="HH:MM"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      error={invalid}
      w={w}
      styles={{ input: { fontVariantNumeric: "tabular-nums", textAlign: "center" } }}
      onChange={(e) => onChange(typedTime(e.currentTarget.value))}
      onBlur={() => {
        const done = completedTime(value);
        if (done !== value) onChange(done);
        onLeave?.(done);
      }}
      onKeyDown={(e) => {
        if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
        e.preventDefault();
        onChange(steppedTime(value, e.key === "ArrowUp" ? 1 : -1));
      }}
    />
  );
}
