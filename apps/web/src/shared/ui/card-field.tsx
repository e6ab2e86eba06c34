import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A small label over its value, for the cards that stand in for table rows on phones. */
export function CardField({
  label,
  numeric = false,
  children,
}: {
  label: string;
  /** Digits of equal width, so amounts and dates line up across cards. */
  numeric?: boolean;
  children: ReactNode;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={numeric ? { fontVariantNumeric: "tabular-nums" } : undefined}>
        {children}
      </Text>
    </div>
  );
}
