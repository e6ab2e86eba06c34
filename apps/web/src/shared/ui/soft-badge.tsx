import { Badge, type MantineColor } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A light badge with dark text: the tinted background carries the colour, and the text stays
 * above WCAG AA contrast, which Mantine's light variant (coloured text) misses for green,
 * yellow, orange and grey, even in the darkest shade.
 */
export function SoftBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      vars={() => ({ root: { "--badge-color": "var(--mantine-color-dark-8)" } })}
    >
      {children}
    </Badge>
  );
}
