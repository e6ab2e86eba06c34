import {
  Alert,
  AspectRatio,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { NFT_EDITABLE_STATES } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import type { OfferSummary } from "../api/offer-calls.ts";
import { photoSources } from "../lib/photo.ts";
import { STATE_COLORS } from "./offer-labels.ts";
import { editPath } from "./offer-paths.ts";

/**
 * One offer of the lists: photo, kind, price, how many went out of how many, its dates, its state
 * with the team's rejection reason or why it left the market; edit while it waits for the market,
 * revoke until it is off it.
 */
export function OfferCard({ offer, onRevoke }: { offer: OfferSummary; onRevoke: () => void }) {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const format = useLocaleFormats();
  const photo = photoSources(offer.photo);
  const editable = (NFT_EDITABLE_STATES as readonly string[]).includes(offer.state);
  const sold = offer.type === "coupon" ? "issued" : "sold";
  const count =
    offer.quantity === null
      ? t(`list.${sold}Unlimited`, { sold: format.number(offer.sold_count) })
      : t(`list.${sold}Of`, { sold: format.number(offer.sold_count), total: format.number(offer.quantity) });
  const period =
    offer.start_date && offer.end_date
      ? t("list.period", { from: format.dayNumeric(offer.start_date), to: format.dayNumeric(offer.end_date) })
      : offer.start_date
        ? t("list.from", { from: format.dayNumeric(offer.start_date) })
        : offer.end_date
          ? t("list.until", { to: format.dayNumeric(offer.end_date) })
          : t("list.noPeriod");

  return (
    <Card component="li" withBorder radius="lg" padding={0} data-testid="nft-offer">
      <AspectRatio ratio={16 / 9}>
        {photo ? (
          <Image src={photo.src} srcSet={photo.srcSet} sizes="(max-width: 48em) 100vw, 360px" alt="" />
        ) : (
          <Center bg="orange.0" c="orange.8">
            <Icon name="gift" size={40} aria-hidden />
          </Center>
        )}
      </AspectRatio>
      <Stack p="md" gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" fw={600} tt="uppercase" c="dark.4">
            {t(`types.${offer.type}`)}
          </Text>
          <Box style={{ flexShrink: 0 }} data-testid="nft-offer-state">
            <SoftBadge color={STATE_COLORS[offer.state]}>
              {offer.state === "scheduled" && offer.start_date
                ? t("states.scheduledFrom", { date: format.dayNumeric(offer.start_date) })
                : t(`states.${offer.state}`)}
            </SoftBadge>
          </Box>
        </Group>
        <Title order={3} fz="md" style={{ overflowWrap: "anywhere" }}>
          {offer.name}
        </Title>
        <Text fw={700}>{offer.type === "coupon" ? t("list.free") : format.money(offer.price_cents)}</Text>
        <Text size="sm" data-testid="nft-offer-count">
          {count}
        </Text>
        <Text size="sm" c="dark.4">
          {period}
        </Text>
        {offer.state === "rejected" && offer.rejection_reason && (
          <Alert color="red" variant="light" p="xs" title={t("list.rejected")}>
            <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {offer.rejection_reason}
            </Text>
          </Alert>
        )}
        {offer.state === "off_market" && offer.off_market_reason && (
          <Text size="sm" data-testid="nft-offer-reason">
            {t(`reasons.${offer.off_market_reason}`)}
            {offer.off_market_at && ` · ${format.dateNumeric(offer.off_market_at)}`}
          </Text>
        )}
        {offer.state !== "off_market" && (
          <Group gap="sm" mt="auto" pt="xs">
            {editable && (
              <Button
                component={Link}
                to={editPath(locale, offer)}
                variant="default"
                size="xs"
                aria-label={t("list.editOf", { name: offer.name })}
              >
                {t("list.edit")}
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={onRevoke}
              aria-label={t("list.revokeOf", { name: offer.name })}
            >
              {t("list.revoke")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
