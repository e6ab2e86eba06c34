import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { type BillingPreview, useBillingPreview } from "../api/get-billing-preview.ts";
import { issuedCount, useRunBilling } from "../api/run-billing.ts";
import { completedMonths } from "./billing-months.ts";
import { badgeWidth, numbers } from "./billing-styles.ts";
import { useFormats } from "./formats.ts";
import { IssuedInvoices } from "./issued-invoices.tsx";
import { SepaFilesCard } from "./sepa-files-card.tsx";

/**
 * The monthly billing run (architecture: jobs, monthly invoicing): pick a completed month, check
 * what it would bill, bill it, and fetch the invoices it issued; then collect them by direct debit
 * and record what the bank reports.
 */
export function BillingPanel() {
  const { t } = useTranslation("admin");
  const months = useMemo(() => completedMonths(new Date()), []);
  const [month, setMonth] = useState(months[0]!);
  const preview = useBillingPreview(month);
  const { monthLong } = useFormats();
  const label = monthLong(month);

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" maw={760}>
        {t("billing.intro")}
      </Text>
      <Group align="flex-end" justify="space-between" gap="md">
        <NativeSelect
          label={t("billing.month")}
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          data={months.map((value) => ({ value, label: monthLong(value) }))}
          w={{ base: "100%", xs: 240 }}
          data-testid="billing-month"
        />
        <RunBilling month={month} label={label} preview={preview.data} />
      </Group>

      <Card withBorder radius="lg" padding="lg" p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t("billing.preview.title", { month: label })}
          </Title>
          {preview.isPending && <Skeleton h={160} radius="md" aria-label={t("billing.loading")} />}
          {preview.isError && (
            <Alert color="red" role="alert">
              {preview.error.message}
            </Alert>
          )}
          {preview.data && <PreviewTable preview={preview.data} label={label} />}
        </Stack>
      </Card>

      <IssuedInvoices month={month} label={label} />
      <SepaFilesCard />
    </Stack>
  );
}

/** "Bill month" with a confirm dialog; the result and errors come as notifications. */
function RunBilling({ month, label, preview }: { month: string; label: string; preview?: BillingPreview }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const run = useRunBilling();
  const [confirming, setConfirming] = useState(false);
  const toBill = preview?.partners.filter((p) => !p.already_issued) ?? [];
  const skipped = (preview?.partners.length ?? 0) - toBill.length;
  const gross = toBill.reduce((sum, p) => sum + p.gross_cents, 0);
  const nothing = preview !== undefined && toBill.length === 0;

  const start = () =>
    run.mutate(month, {
      onSuccess: (result) => {
        setConfirming(false);
        notify(
          "green",
          t("billing.run.done", {
            month: label,
            issued: t("billing.run.issued", { count: issuedCount(result) }),
            skipped: t("billing.run.skipped", { count: result.skipped }),
          }),
        );
      },
      onError: (error) => {
        setConfirming(false);
        // A month that is not over yet: the server's message for the field, in the user's language.
        const field = error instanceof ApiError ? error.fieldErrors.month?.[0] : undefined;
        notify("red", field ?? error.message);
      },
    });

  return (
    <Stack gap={4} align="flex-end" style={{ flex: "1 1 240px" }}>
      <Button
        leftSection={<Icon name="receipt" size={18} />}
        disabled={!preview || nothing}
        onClick={() => setConfirming(true)}
        data-testid="billing-run"
      >
        {t("billing.run.button")}
      </Button>
      {nothing && (
        <Text size="xs" c="dimmed" ta="right">
          {preview.partners.length === 0 ? t("billing.run.nobody") : t("billing.run.allDone")}
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("billing.confirm.title", { month: label })}
        closeButtonProps={{ "aria-label": t("billing.confirm.cancel") }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t("billing.confirm.text", { count: toBill.length, gross: format.money(gross) })}
            {skipped > 0 && ` ${t("billing.confirm.skipped", { count: skipped })}`}
          </Text>
          <Text size="sm" c="dimmed">
            {t("billing.confirm.final")}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={run.isPending}>
              {t("billing.confirm.cancel")}
            </Button>
            <Button onClick={start} loading={run.isPending} data-testid="billing-run-confirm">
              {t("billing.confirm.submit")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function PreviewTable({ preview, label }: { preview: BillingPreview; label: string }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const format = useFormats();
  const { pathname, search } = useLocation();
  // The partner page's back link returns to this tab.
  const from = `${pathname}${search}`;
  const { partners, totals } = preview;
  if (partners.length === 0) {
    return (
      <Text c="dimmed" py="md" ta="center">
        {t("billing.preview.none", { month: label })}
      </Text>
    );
  }
  const issued = partners.filter((p) => p.already_issued).length;
  const sum = (key: "locations" | "scans") => partners.reduce((s, p) => s + p[key], 0);
  return (
    <>
      <Text size="sm" c="dimmed">
        {t("billing.preview.count", { count: partners.length })}
        {issued > 0 && ` · ${t("billing.preview.issuedCount", { count: issued })}`}
      </Text>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": t("billing.preview.table") }}>
        <Table striped highlightOnHover miw={760} verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("billing.preview.partner")}</Table.Th>
              <Table.Th ta="right">{t("billing.preview.locations")}</Table.Th>
              <Table.Th ta="right">{t("billing.preview.scans")}</Table.Th>
              <Table.Th ta="right">{t("billing.net")}</Table.Th>
              <Table.Th ta="right">{t("billing.vat")}</Table.Th>
              <Table.Th ta="right">{t("billing.gross")}</Table.Th>
              <Table.Th>{t("billing.preview.state")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {partners.map((p) => (
              <Table.Tr key={p.company_id} data-testid="billing-preview-row">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.adminPartner(locale, { id: p.company_id })}
                    state={{ from }}
                    size="sm"
                    fw={600}
                  >
                    {p.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" style={numbers}>
                  {p.locations}
                </Table.Td>
                <Table.Td ta="right" style={numbers}>
                  {format.number(p.scans)}
                </Table.Td>
                <Table.Td ta="right" style={numbers}>
                  {format.money(p.net_cents)}
                </Table.Td>
                <Table.Td ta="right" style={numbers}>
                  {format.money(p.vat_cents)}
                </Table.Td>
                <Table.Td ta="right" style={numbers} fw={600}>
                  {format.money(p.gross_cents)}
                </Table.Td>
                <Table.Td>
                  <div style={badgeWidth}>
                    {p.already_issued ? (
                      <SoftBadge color="gray">{t("billing.preview.alreadyIssued")}</SoftBadge>
                    ) : (
                      <SoftBadge color="blue">{t("billing.preview.toBill")}</SoftBadge>
                    )}
                  </div>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Th scope="row">{t("billing.preview.total")}</Table.Th>
              <Table.Td ta="right" style={numbers}>
                {sum("locations")}
              </Table.Td>
              <Table.Td ta="right" style={numbers}>
                {format.number(sum("scans"))}
              </Table.Td>
              <Table.Td ta="right" style={numbers}>
                {format.money(totals.net_cents)}
              </Table.Td>
              <Table.Td ta="right" style={numbers}>
                {format.money(totals.vat_cents)}
              </Table.Td>
              <Table.Td ta="right" style={numbers}>
                {format.money(totals.gross_cents)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
    </>
  );
}
