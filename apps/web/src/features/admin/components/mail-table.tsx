import { Table, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useMails } from "../api/admin-calls.ts";
import { useFormats } from "./formats.ts";
import { MailViewer } from "./mail-viewer.tsx";
import { PagedTable } from "./paged-table.tsx";

export function MailTable() {
  const { t } = useTranslation("admin");
  const date = useFormats().dateTime;
  const [open, setOpen] = useState<number>();
  return (
    <>
      <PagedTable
        labels={{
          search: t("mails.search"),
          placeholder: t("mails.searchPlaceholder"),
          count: (count) => t("mails.count", { count }),
          table: t("tabs.mails"),
          none: t("mails.none"),
        }}
        headers={["created", "to", "subject", "status"].map((h) => t(`mails.${h}`))}
        minWidth={720}
        useRows={useMails}
        row={(m) => (
          <>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{date(m.created_at)}</Table.Td>
            <Table.Td>{m.to}</Table.Td>
            <Table.Td>
              <UnstyledButton onClick={() => setOpen(m.id)} c="brand.8" fw={600} fz="sm">
                {m.subject}
              </UnstyledButton>
            </Table.Td>
            <Table.Td>
              <SoftBadge color={m.status === "sent" ? "green" : "gray"}>
                {t(`mails.statuses.${m.status}`)}
              </SoftBadge>
            </Table.Td>
          </>
        )}
      />
      <MailViewer id={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
