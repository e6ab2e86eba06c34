import { Group, Text } from "@mantine/core";

/** The mark and the word "Stempla"; `markOnlyOnPhones` drops the word where a header is tight. */
export function BrandLogo({
  size = 30,
  markOnlyOnPhones = false,
}: {
  size?: number;
  markOnlyOnPhones?: boolean;
}) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#c2410c" />
        <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" strokeWidth="5" />
        <path
          d="M24 32.5l5.5 5.5L41 26.5"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={800} fz={size * 0.7} c="dark.8" lh={1} visibleFrom={markOnlyOnPhones ? "xs" : undefined}>
        Stempla
      </Text>
    </Group>
  );
}
