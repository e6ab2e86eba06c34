import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { ListPager } from "../../../shared/ui/list-pager.tsx";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useCollectiveMonths } from "../api/get-collective-months.ts";
import { INVOICES_PER_PAGE, useInvoices } from "../api/get-invoices.ts";
import { hasVoucherBusiness, useVoucherMonth } from "../api/get-voucher-month.ts";
import { CollectiveNotice } from "../components/collective-notice.tsx";
import { InvoiceCards } from "../components/invoice-cards.tsx";
import { InvoicesTable } from "../components/invoices-table.tsx";
import { VoucherMonthCard } from "../components/voucher-month-card.tsx";

/**
 * Spec section 2 "Invoices": the partner's monthly invoices with title, date and PDF, the voucher
 * statements among them, and the running month's voucher sales (decision 010, section 5).
 */
export default function InvoicesPage() {
  const { t } = useTranslation("invoices");
  useDocumentTitle(t("title"));

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={1100}>
          <InvoicesView />
        </Stack>
      )}
    </PartnerLayout>
  );
}

function InvoicesView() {
  const { t } = useTranslation("invoices");
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useInvoices(locale, page);
  const collective = useCollectiveMonths();
  const collectiveMonths = collective.data?.months ?? [];
  // The running month's voucher sales, only for partners who sold or paid out something.
  const voucherMonth = useVoucherMonth();
  // The table needs about 780 px beside the navigation; narrower windows get cards. Only one of
  // the two is rendered, so every invoice is on the page once.
  const wide = useMediaQuery("(min-width: 70em)", true, { getInitialValueInEffect: false });

  const total = list.data?.meta.total ?? 0;

  return (
    <>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("title")}
        </Title>
        <Text c="dimmed" maw={760}>
          {t("intro")}
        </Text>
      </div>

      {list.isError && (
        <Alert color="red" role="alert" title={t("loadError")}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => list.refetch()}>
              {t("retry")}
            </Button>
          </Group>
        </Alert>
      )}

      {collective.data && collectiveMonths.length > 0 && (
        <CollectiveNotice master={collective.data.master_name} months={collectiveMonths} />
      )}

      {voucherMonth.data && hasVoucherBusiness(voucherMonth.data) && (
        <VoucherMonthCard statement={voucherMonth.data} />
      )}

      {list.isPending && <Skeleton h={280} radius="md" aria-label={t("loading")} />}

      {/* A franchisee billed only via its master so far: the notice says where its months are. */}
      {list.data && total === 0 && !collective.isPending && collectiveMonths.length === 0 && (
        <Card withBorder radius="lg" padding="xl" data-testid="invoices-empty">
          <EmptyState
            icon={<Icon name="receipt" size={28} />}
            variant="light"
            title={t("empty.title")}
            description={
              <Stack gap="xs" maw={560} mx="auto">
                <Text size="sm" c="dimmed">
                  {t("empty.text")}
                </Text>
                <Anchor component={Link} to={paths.pricing(locale)} size="sm" fw={600}>
                  {t("empty.pricing")}
                </Anchor>
              </Stack>
            }
          />
        </Card>
      )}

      {list.data && total > 0 && (
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
          aria-busy={list.isPlaceholderData}
        >
          {wide ? <InvoicesTable invoices={list.data.data} /> : <InvoiceCards invoices={list.data.data} />}
        </Box>
      )}

      {list.data && (
        <ListPager page={page} perPage={INVOICES_PER_PAGE} total={total} compact={!wide} onPage={setPage} />
      )}
    </>
  );
}
