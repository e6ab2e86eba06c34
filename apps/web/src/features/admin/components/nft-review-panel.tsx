import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  type MantineColor,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  earliestVoucherExpiry,
  NFT_OFFER_STATES,
  type NftConsoleOfferDetail,
  type NftConsoleOfferRow,
  type NftOfferState,
} from "@stempla/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { OfferPreview } from "../../../shared/nft/offer-preview.tsx";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { ReasonDialog } from "../../../shared/ui/reason-dialog.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import {
  type NftTeamAction,
  nftConsoleOfferRows,
  useNftConsoleOffer,
  useNftReviewQueue,
  useNftTeamAction,
} from "../api/nft-review-calls.ts";
import { useFormats } from "./formats.ts";
import { PagedTable } from "./paged-table.tsx";

const STATE_COLORS: Record<NftOfferState, MantineColor> = {
  in_review: "blue",
  rejected: "red",
  scheduled: "teal",
  on_market: "green",
  off_market: "gray",
};

/**
 * The console's tab "Coupons & Gutscheine" (docs/decisions/010-coupons-and-vouchers.md, section 8):
 * the offers waiting for review, the longest waiting first with the overdue ones marked, or every
 * offer by state; one offer (?offer=) with the preview as the app shows it, approve, ask for
 * changes with a reason, revoke with a reason.
 */
export function NftReviewPanel() {
  const [params, setParams] = useSearchParams();
  const offerId = Number(params.get("offer"));
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete("offer");
    else next.set("offer", String(id));
    setParams(next);
  };
  if (Number.isInteger(offerId) && offerId > 0)
    return <NftOfferReview id={offerId} onBack={() => open(null)} />;
  return <NftOfferLists onOpen={open} />;
}

function NftOfferLists({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation("admin");
  const [view, setView] = useState<"queue" | "all">("queue");
  const [state, setState] = useState<NftOfferState | "">("");
  const useAllRows = useMemo(() => nftConsoleOfferRows(state), [state]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as "queue" | "all")}
          data={[
            { value: "queue", label: t("nft.views.queue") },
            { value: "all", label: t("nft.views.all") },
          ]}
        />
        {view === "all" && (
          <Select
            label={t("nft.state")}
            placeholder={t("nft.allStates")}
            data={NFT_OFFER_STATES.map((value) => ({ value, label: t(`nft.states.${value}`) }))}
            value={state || null}
            onChange={(value) => setState((value as NftOfferState | null) ?? "")}
            clearable
            w={{ base: "100%", xs: 240 }}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t(view === "queue" ? "nft.queueOrder" : "nft.allOrder")}
      </Text>
      {view === "queue" ? (
        <OfferTable useRows={useNftReviewQueue} onOpen={onOpen} queue />
      ) : (
        <OfferTable key={state} useRows={useAllRows} onOpen={onOpen} />
      )}
    </Stack>
  );
}

function OfferTable({
  useRows,
  onOpen,
  queue = false,
}: {
  useRows: Parameters<typeof PagedTable<NftConsoleOfferRow>>[0]["useRows"];
  onOpen: (id: number) => void;
  queue?: boolean;
}) {
  const { t } = useTranslation("admin");
  const { t: tn } = useTranslation("nft");
  const format = useFormats();
  const now = Date.now();
  return (
    <PagedTable<NftConsoleOfferRow>
      labels={{
        count: (count) => t("nft.count", { count }),
        table: t("tabs.nft"),
        none: t(queue ? "nft.emptyTitle" : "nft.none"),
      }}
      headers={["offer", "state", queue ? "waiting" : "submitted", "type", "price"].map((h) =>
        t(`nft.columns.${h}`),
      )}
      minWidth={760}
      useRows={useRows}
      empty={
        queue ? (
          <Card withBorder radius="lg" padding="xl" data-testid="nft-review-empty">
            <Stack align="center" ta="center" gap="xs">
              <ThemeIcon size={48} radius="xl" color="green.7" variant="light" aria-hidden="true">
                <Icon name="check" size={26} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t("nft.emptyTitle")}
              </Title>
              <Text c="dimmed" maw={520}>
                {t("nft.emptyText")}
              </Text>
            </Stack>
          </Card>
        ) : undefined
      }
      row={(r) => (
        <>
          <Table.Td>
            <Anchor
              component="button"
              type="button"
              fw={600}
              size="sm"
              ta="left"
              onClick={() => onOpen(r.id)}
            >
              {r.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {r.company.name}
            </Text>
          </Table.Td>
          <Table.Td miw={120}>
            <SoftBadge color={STATE_COLORS[r.state]}>{t(`nft.states.${r.state}`)}</SoftBadge>
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              {queue && (
                <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {format.waiting(r.submitted_at, now)}
                </Text>
              )}
              {r.overdue && <SoftBadge color="red">{t("review.overdue")}</SoftBadge>}
            </Group>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {format.dateTime(r.submitted_at)}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{tn(`types.${r.type}`)}</Table.Td>
          <Table.Td style={{ whiteSpace: "nowrap" }}>
            {r.type === "coupon" ? tn("list.free") : format.money(r.price_cents)}
          </Table.Td>
        </>
      )}
    />
  );
}

type Dialog = "reject" | "revoke" | null;

/** One offer as the team reviews it: the app's preview beside every field, the decisions, the history. */
function NftOfferReview({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation("admin");
  const offer = useNftConsoleOffer(id);
  const action = useNftTeamAction(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const openDialog = (which: Dialog) => {
    setDialogKey((k) => k + 1);
    setDialog(which);
  };

  const run = (input: NftTeamAction, done: string, fail?: (message: string) => void) =>
    action.mutate(input, {
      onSuccess: () => {
        notify("green", done);
        setDialog(null);
      },
      onError: (error) => {
        if (fail && input.action !== "approve") fail(error.message);
        else notify("red", error.message);
        if (input.action === "approve") setDialog(null);
      },
    });

  return (
    <Stack gap="lg">
      <div>
        <Button variant="subtle" px={0} leftSection={<span aria-hidden>←</span>} onClick={onBack}>
          {t("nft.back")}
        </Button>
      </div>
      {offer.isPending && <Skeleton h={420} radius="md" aria-label={t("nft.loading")} />}
      {offer.isError && (
        <Alert color="red" role="alert" title={t("nft.loadError")}>
          {offer.error.message}
        </Alert>
      )}
      {offer.data && (
        <OfferDetail
          detail={offer.data}
          pending={action.isPending}
          onApprove={() =>
            run({ action: "approve", version: offer.data.offer.version }, t("nft.done.approve"))
          }
          onReject={() => openDialog("reject")}
          onRevoke={() => openDialog("revoke")}
        />
      )}
      {(["reject", "revoke"] as const).map((which) => (
        <ReasonDialog
          key={`${which}-${dialogKey}`}
          opened={dialog === which}
          required
          danger={which === "revoke"}
          maxLength={1000}
          pending={action.isPending}
          texts={{
            title: t(`nft.${which}.title`),
            text: t(`nft.${which}.text`),
            reason: t(`nft.${which}.reason`),
            hint: t(`nft.${which}.hint`),
            submit: t(`nft.${which}.submit`),
            cancel: t("nft.cancel"),
            close: t("nft.close"),
            empty: t(`nft.${which}.empty`),
          }}
          onClose={() => setDialog(null)}
          onSubmit={(reason, fail) => run({ action: which, reason }, t(`nft.done.${which}`), fail)}
        />
      ))}
    </Stack>
  );
}

function OfferDetail({
  detail,
  pending,
  onApprove,
  onReject,
  onRevoke,
}: {
  detail: NftConsoleOfferDetail;
  pending: boolean;
  onApprove: () => void;
  onReject: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation("admin");
  const { t: tn } = useTranslation("nft");
  const format = useFormats();
  const { offer, company, industry, locations, events } = detail;
  const paid = offer.type !== "coupon";
  const validity =
    offer.validity_type === "statutory"
      ? tn("preview.validStatutory", { date: format.dayNumeric(earliestVoucherExpiry(new Date()).lastDay) })
      : offer.validity_type === "campaign_end"
        ? offer.end_date
          ? tn("preview.validUntil", { date: format.dayNumeric(offer.end_date) })
          : tn("preview.validCampaign")
        : tn("preview.validDays", { count: offer.validity_days ?? 0 });
  const photo = offer.photo.urls[offer.photo.urls.length - 1]?.url ?? null;
  const inReview = offer.state === "in_review";
  const revocable = offer.state !== "off_market";

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0, flex: "1 1 320px" }}>
          <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: "anywhere" }}>
            {offer.name}
          </Title>
          <Group gap="xs" mt={4}>
            <SoftBadge color={STATE_COLORS[offer.state]}>{t(`nft.states.${offer.state}`)}</SoftBadge>
            {offer.off_market_reason && (
              <SoftBadge color="gray">{tn(`reasons.${offer.off_market_reason}`)}</SoftBadge>
            )}
            {offer.overdue && <SoftBadge color="red">{t("review.overdue")}</SoftBadge>}
            <Text size="sm" c="dimmed">
              {t("nft.version", { version: offer.version })} · {t("nft.submitted")}{" "}
              {format.dateTime(offer.submitted_at)}
            </Text>
          </Group>
        </div>
        <Group gap="sm">
          {inReview && (
            <Button onClick={onApprove} loading={pending} data-testid="nft-approve">
              {t("nft.approve.button")}
            </Button>
          )}
          {inReview && (
            <Button variant="default" onClick={onReject} disabled={pending}>
              {t("nft.reject.button")}
            </Button>
          )}
          {revocable && (
            <Button variant="outline" color="red.9" onClick={onRevoke} disabled={pending}>
              {t("nft.revoke.button")}
            </Button>
          )}
        </Group>
      </Group>
      {offer.rejection_reason && offer.state === "rejected" && (
        <Alert color="orange" variant="light" title={t("nft.rejectedWith")}>
          <Text size="sm" c="dark.8" style={{ whiteSpace: "pre-line" }}>
            {offer.rejection_reason}
          </Text>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Box>
          <Text size="sm" fw={600} mb="xs">
            {t("nft.preview")}
          </Text>
          <OfferPreview
            data={{
              type: offer.type,
              partnerName: company.public_name,
              name: offer.name,
              description: offer.description,
              industry: industry.name,
              priceCents: paid ? offer.price_cents : null,
              originalPriceCents: offer.original_price_cents,
              photoUrl: photo,
              validity,
              quantity: offer.remaining,
              locations: offer.location_ids.length,
            }}
          />
        </Box>
        <Stack gap="md">
          <Facts
            title={t("nft.sections.company")}
            rows={[
              [t("nft.fields.company"), company.name],
              [t("nft.fields.publicName"), company.public_name],
              [t("nft.fields.status"), t(`nft.accountStatus.${company.status}`)],
              [t("nft.fields.vatId"), company.vat_id ?? "–"],
              [t("nft.fields.email"), company.email ?? "–"],
            ]}
          />
          <Facts
            title={t("nft.sections.offer")}
            rows={[
              [t("nft.fields.type"), tn(`types.${offer.type}`)],
              [t("nft.fields.industry"), industry.name],
              ...(paid
                ? ([
                    [t("nft.fields.price"), format.money(offer.price_cents)],
                    ...(offer.original_price_cents
                      ? [
                          [t("nft.fields.originalPrice"), format.money(offer.original_price_cents)] as [
                            string,
                            string,
                          ],
                        ]
                      : []),
                    [
                      t("nft.fields.vatRate"),
                      offer.type === "cash_voucher"
                        ? t("nft.vat.none")
                        : offer.vat_rate === null
                          ? t("nft.vat.mixed")
                          : `${offer.vat_rate} %`,
                    ],
                    [t("nft.fields.minOrder"), String(offer.min_order_quantity)],
                  ] as [string, string][])
                : []),
              [
                t("nft.fields.quantity"),
                offer.quantity === null
                  ? t("nft.unlimited")
                  : t(offer.type === "coupon" ? "nft.issuedOf" : "nft.soldOf", {
                      sold: offer.sold_count,
                      quantity: offer.quantity,
                    }),
              ],
              [
                t("nft.fields.period"),
                offer.start_date || offer.end_date
                  ? `${offer.start_date ? format.day(offer.start_date) : t("nft.now")} – ${
                      offer.end_date ? format.day(offer.end_date) : t("nft.open")
                    }`
                  : t("nft.noDates"),
              ],
              [t("nft.fields.validity"), validity],
              ...(offer.purpose
                ? [[t("nft.fields.purpose"), t(`nft.purpose.${offer.purpose}`)] as [string, string]]
                : []),
            ]}
          />
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t("nft.sections.texts")}
          </Title>
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {offer.description}
          </Text>
          {offer.legal_notes && (
            <>
              <Text size="xs" c="dimmed" mt="xs">
                {t("nft.fields.legalNotes")}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {offer.legal_notes}
              </Text>
            </>
          )}
          {offer.external_link && (
            <Text size="sm">
              {t("nft.fields.link")}:{" "}
              <Anchor
                href={offer.external_link}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: "anywhere" }}
              >
                {offer.external_link}
              </Anchor>
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t("nft.sections.locations", { count: locations.length })}
          </Title>
          {locations.map((l) => (
            <div key={l.id}>
              <Text size="sm" fw={600}>
                {l.name}
                {l.company_id !== company.id && (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {" "}
                    · {l.company_name}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {l.address} · {format.country(l.country)}
              </Text>
            </div>
          ))}
        </Stack>
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} fz="md">
          {t("nft.sections.history")}
        </Title>
        {events.map((e) => (
          <Group key={e.id} gap="xs" align="baseline" wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {format.dateTime(e.created_at)}
            </Text>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {e.from_state ? `${t(`nft.states.${e.from_state}`)} → ` : ""}
              {t(`nft.states.${e.to_state}`)} · {t(`nft.actors.${e.actor}`)}
              {e.actor_email ? ` (${e.actor_email})` : ""}
              {e.note ? `: ${e.note}` : ""}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170} fw={500} c="dimmed" bg="transparent">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
