import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { INACTIVE_ACCOUNT_WARNINGS, REVIEW } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPager } from "../../../shared/ui/list-pager.tsx";
import { type AccountDeletionRow, useAccountDeletions } from "../api/terms-calls.ts";
import { useFormats } from "./formats.ts";

const PER_PAGE = 20;

/**
 * The log of deleted inactive incomplete accounts (docs/product.md, "Terms and records"). It holds
 * no address, only its SHA-256: the search hashes the address typed in on the server.
 */
export function DeletionLog() {
  const { t } = useTranslation("terms");
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const [input, setInput] = useState("");
  const [email, setEmail] = useState("");
  const [page, setPage] = useState(1);
  const deletions = useAccountDeletions(email, page, PER_PAGE);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={760}>
        {t("console.deletions.intro", {
          months: REVIEW.inactiveIncompleteDeletionMonths,
          first: INACTIVE_ACCOUNT_WARNINGS.firstWarningDaysBefore,
          second: INACTIVE_ACCOUNT_WARNINGS.secondWarningDaysBefore,
        })}
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setEmail(input.trim());
          setPage(1);
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            type="email"
            label={t("console.deletions.search")}
            description={t("console.deletions.searchHint")}
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
            style={{ flex: "1 1 16rem", maxWidth: 420 }}
          />
          <Button type="submit" variant="default">
            {t("console.deletions.find")}
          </Button>
        </Group>
      </form>
      {deletions.isPending && <Skeleton h={80} radius="md" />}
      {deletions.isError && (
        <Alert color="red" role="alert">
          {deletions.error.message}
        </Alert>
      )}
      {deletions.data && deletions.data.data.length === 0 && (
        <Text c="dimmed" py="md" ta="center">
          {t(email ? "console.deletions.noneFound" : "console.deletions.none")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {deletions.data?.data.map((row) => (
          <DeletionCard key={row.id} row={row} />
        ))}
      </SimpleGrid>
      {deletions.data && (
        <ListPager
          page={page}
          perPage={PER_PAGE}
          total={deletions.data.meta.total}
          compact={phone}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}

function DeletionCard({ row }: { row: AccountDeletionRow }) {
  const { t } = useTranslation("terms");
  const format = useFormats();
  return (
    <Paper withBorder radius="md" p="md" data-testid="account-deletion">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {row.company_name}
          </Text>
          <Text size="xs" c="dimmed">
            {t("console.deletions.id", { id: row.company_id })}
          </Text>
        </Group>
        <Text size="sm">{t("console.deletions.deletedAt", { at: format.dateTime(row.deleted_at) })}</Text>
        <Text size="sm" c="dark.6">
          {t(`console.deletions.reason.${row.reason}`, {
            status: t(`console.deletions.status.${row.status}`),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t("console.deletions.timeline", {
            activity: format.dateTime(row.last_activity_at),
            first: format.dateTime(row.first_warning_at),
            second: format.dateTime(row.second_warning_at),
          })}
        </Text>
        {row.email_sha256 && (
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
            {t("console.deletions.hash", { hash: row.email_sha256 })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
