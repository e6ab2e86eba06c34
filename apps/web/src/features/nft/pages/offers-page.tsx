import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { NFT, NFT_LIST_TYPES, type NftListType } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { usePaymentProviderScript } from "../../../shared/payments/provider-script.ts";
import { ConfirmCheckDialog } from "../../../shared/ui/confirm-check-dialog.tsx";
import { ListPager } from "../../../shared/ui/list-pager.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { type OfferSummary, useOffers, useRevokeOffer } from "../api/offer-calls.ts";
import { OfferCard } from "../components/offer-card.tsx";

/**
 * The partner's coupons and vouchers (the spec's nft page; docs/decisions/010-coupons-and-vouchers.md,
 * section 8): in review, on the market and off it as tabs, 15 per page. The open tab stands in the
 * address (?tab=); ?payout=ready is where the payout account's onboarding comes back to.
 */
export default function OffersPage() {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  useDocumentTitle(t("list.title"));
  usePaymentProviderScript();
  const [search, setSearch] = useSearchParams();
  const tab: NftListType = NFT_LIST_TYPES.find((name) => name === search.get("tab")) ?? "pending";
  const payoutReady = search.get("payout") === "ready";

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={1100}>
          <Group justify="space-between" align="flex-end" gap="sm">
            <div style={{ minWidth: 0, flex: "1 1 320px" }}>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t("list.title")}
              </Title>
              <Text c="dimmed">{t("list.intro")}</Text>
            </div>
            <Button component={Link} to={paths.nftCreate(locale)}>
              {t("list.create")}
            </Button>
          </Group>
          {payoutReady && (
            <Alert
              color="green"
              variant="light"
              role="status"
              title={t("payout.readyTitle")}
              withCloseButton
              closeButtonLabel={t("payout.close")}
              onClose={() => {
                const next = new URLSearchParams(search);
                next.delete("payout");
                setSearch(next, { replace: true });
              }}
              data-testid="payout-ready"
            >
              {t("payout.readyText")}
            </Alert>
          )}
          <Tabs
            value={tab}
            keepMounted={false}
            // Narrow tabs, so the three with their counts stay on one line at 390 px.
            styles={{ tab: { paddingInline: 8 } }}
            onChange={(value) => {
              const next = new URLSearchParams(search);
              if (value && value !== "pending") next.set("tab", value);
              else next.delete("tab");
              setSearch(next, { replace: true });
            }}
          >
            <Tabs.List>
              {NFT_LIST_TYPES.map((list) => (
                <ListTab key={list} list={list} />
              ))}
            </Tabs.List>
            {NFT_LIST_TYPES.map((list) => (
              <Tabs.Panel key={list} value={list} pt="lg">
                <OfferList list={list} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      )}
    </PartnerLayout>
  );
}

/** A tab with how many offers its list holds (the first page's total), so no list is a surprise. */
function ListTab({ list }: { list: NftListType }) {
  const { t } = useTranslation("nft");
  const total = useOffers(list, 1).data?.meta.total;
  return (
    <Tabs.Tab value={list} data-testid={`nft-tab-${list}`}>
      {t(`tabs.${list}`)}
      {total !== undefined && (
        <Text span c="dark.4" fz="sm" ml={6}>
          {total}
        </Text>
      )}
    </Tabs.Tab>
  );
}

function OfferList({ list }: { list: NftListType }) {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const phone = useMediaQuery("(max-width: 36em)") ?? false;
  const [page, setPage] = useState(1);
  const offers = useOffers(list, page);
  const [revoking, setRevoking] = useState<OfferSummary | null>(null);
  const revoke = useRevokeOffer();
  const total = offers.data?.meta.total ?? 0;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(`tabs.${list}Hint`)}
      </Text>
      {offers.isError && (
        <Alert color="red" role="alert">
          {offers.error.message}
        </Alert>
      )}
      {offers.isPending && <Skeleton h={240} radius="lg" />}
      {offers.data && total === 0 && (
        <Card withBorder radius="lg" padding="xl" ta="center" data-testid="nft-empty">
          <Text fw={600}>{t(`empty.${list}.title`)}</Text>
          <Text c="dimmed" size="sm" mt={4}>
            {t(`empty.${list}.text`)}
          </Text>
          {list === "pending" && (
            <Button component={Link} to={paths.nftCreate(locale)} mt="md" w="fit-content" mx="auto">
              {t("list.create")}
            </Button>
          )}
        </Card>
      )}
      {offers.data && total > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label={t(`tabs.${list}`)}
          style={{ listStyle: "none", padding: 0, margin: 0 }}
        >
          {offers.data.data.map((offer) => (
            <OfferCard key={offer.id} offer={offer} onRevoke={() => setRevoking(offer)} />
          ))}
        </SimpleGrid>
      )}
      <ListPager page={page} perPage={NFT.pageSize} total={total} compact={phone} onPage={setPage} />
      {revoking && (
        <ConfirmCheckDialog
          texts={{
            title: t("revoke.title", { name: revoking.name }),
            check: t("revoke.check"),
            submit: t("revoke.submit"),
            cancel: t("revoke.cancel"),
            close: t("revoke.close"),
          }}
          testId="nft-revoke"
          checkTestId="nft-revoke-check"
          pending={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revoke.mutateAsync(revoking.id);
            setRevoking(null);
            notify("green", t("revoke.done", { name: revoking.name }));
          }}
        >
          <Text size="sm">{t(revoking.type === "coupon" ? "revoke.textCoupon" : "revoke.textVoucher")}</Text>
        </ConfirmCheckDialog>
      )}
    </Stack>
  );
}
