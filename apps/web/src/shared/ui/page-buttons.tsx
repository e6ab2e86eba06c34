import { Pagination, type PaginationProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Mantine's page buttons with names for screen readers ("Seite 2", "Nächste Seite"): its arrows
 * and numbers have no text of their own, which axe reports as unnamed buttons.
 */
export function PageButtons(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      getControlProps={(control) => ({ "aria-label": t(`pager.${control}`) })}
      getItemProps={(page) => ({ "aria-label": t("pager.page", { page }) })}
      {...props}
    />
  );
}
