import { Badge } from "@mantine/core";
import type { AccountStatus } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { SoftBadge } from "./soft-badge.tsx";

const colors: Record<Exclude<AccountStatus, "black">, string> = {
  gray: "gray",
  yellow: "yellow",
  green: "green",
  red: "red",
  orange: "orange",
};

/** The account colour of spec section 4, with its name. */
export function StatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  const label = t(`status.${status}.label`);
  return status === "black" ? (
    <Badge color="dark" radius="sm">
      {label}
    </Badge>
  ) : (
    <SoftBadge color={colors[status]}>{label}</SoftBadge>
  );
}
