import { Anchor, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { StatusBadge } from "../../../shared/ui/status-badge.tsx";
import { usePartners } from "../api/admin-calls.ts";
import { useFormats } from "./formats.ts";
import { PagedTable } from "./paged-table.tsx";

export function PartnerTable() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { pathname, search } = useLocation();
  // The partner page's back link returns to this list (and its tab).
  const from = `${pathname}${search}`;
  const date = useFormats().dateTime;
  return (
    <PagedTable
      labels={{
        search: t("partners.search"),
        placeholder: t("partners.searchPlaceholder"),
        count: (count) => t("partners.count", { count }),
        table: t("tabs.partners"),
        none: t("partners.none"),
      }}
      headers={["company", "type", "status", "email", "confirmed", "created"].map((h) => t(`partners.${h}`))}
      minWidth={760}
      useRows={usePartners}
      row={(p) => (
        <>
          <Table.Td>
            <Anchor
              component={Link}
              to={paths.adminPartner(locale, { id: p.id })}
              state={{ from }}
              fw={600}
              size="sm"
            >
              {p.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {p.legal_form}
            </Text>
          </Table.Td>
          <Table.Td>{t(`partners.types.${p.type}`)}</Table.Td>
          <Table.Td>
            <StatusBadge status={p.status} />
          </Table.Td>
          <Table.Td>{p.email}</Table.Td>
          <Table.Td>
            <SoftBadge color={p.confirmed ? "green" : "gray"}>
              {p.confirmed ? t("partners.yes") : t("partners.no")}
            </SoftBadge>
          </Table.Td>
          <Table.Td>{date(p.created_at)}</Table.Td>
        </>
      )}
    />
  );
}
