import type { AccountStatus } from "@stempla/domain";

/** The swatch of each account colour (a graphic beside its name, never the only cue). */
export const SWATCH: Record<AccountStatus, { solid: string; ring: string }> = {
  black: { solid: "var(--mantine-color-dark-8)", ring: "var(--mantine-color-dark-light)" },
  gray: { solid: "var(--mantine-color-gray-5)", ring: "var(--mantine-color-gray-light)" },
  yellow: { solid: "var(--mantine-color-yellow-5)", ring: "var(--mantine-color-yellow-light)" },
  green: { solid: "var(--mantine-color-green-6)", ring: "var(--mantine-color-green-light)" },
  red: { solid: "var(--mantine-color-red-7)", ring: "var(--mantine-color-red-light)" },
  orange: { solid: "var(--mantine-color-orange-6)", ring: "var(--mantine-color-orange-light)" },
};

export function Swatch({ status, size }: { status: AccountStatus; size: number }) {
  const { solid, ring } = SWATCH[status];
  return (
    <span
      aria-hidden="true"
      style={{
        display: "inline-block",
        flex: "none",
        width: size,
        height: size,
        borderRadius: "50%",
        background: solid,
        boxShadow: `0 0 0 ${Math.round(size / 6)}px ${ring}`,
      }}
    />
  );
}
