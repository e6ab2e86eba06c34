import { Badge } from "@mantine/core";
import type { AccountStatus } from "@stempla/domain";
import { useTranslation } from "react-i18next";

const colors: Record<AccountStatus, string> = {
  black: "dark",
  gray: "gray",
  yellow: "yellow",
  green: "green",
  red: "red",
  orange: "orange",
};

/** The account colour of spec section 4, with its name. */
export function StatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant={status === "black" ? "filled" : "light"} radius="sm">
      {t(`status.${status}.label`)}
    </Badge>
  );
}
