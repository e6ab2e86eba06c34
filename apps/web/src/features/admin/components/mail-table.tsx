import {
  Alert,
  Badge,
  Group,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useMails } from "../api/admin-calls.ts";
import { MailViewer } from "./mail-viewer.tsx";

export function MailTable() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number>();
  const mails = useMails(debounced, page);
  const total = mails.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 20));
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale === "de" ? "de-DE" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t("mails.search")}
          placeholder={t("mails.searchPlaceholder")}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: "100%", sm: 320 }}
        />
        <Text size="sm" c="dimmed">
          {t("mails.count", { count: total })}
        </Text>
      </Group>
      {mails.isError && <Alert color="red">{mails.error.message}</Alert>}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": t("tabs.mails") }}>
        <Table striped highlightOnHover miw={720} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("mails.created")}</Table.Th>
              <Table.Th>{t("mails.to")}</Table.Th>
              <Table.Th>{t("mails.subject")}</Table.Th>
              <Table.Th>{t("mails.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mails.data?.data.map((m) => (
              <Table.Tr key={m.id}>
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
              </Table.Tr>
            ))}
            {mails.data?.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="md">
                    {t("mails.none")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      <MailViewer id={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}
