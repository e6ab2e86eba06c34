import { AspectRatio, Box, Center, Group, Image, Stack, Text } from "@mantine/core";
import type { NftType } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../lib/formats.ts";
import { Icon } from "../ui/icons.tsx";

export interface PreviewData {
  type: NftType;
  partnerName: string;
  name: string;
  description: string;
  industry: string | null;
  priceCents: number | null;
  originalPriceCents: number | null;
  photoUrl: string | null;
  validity: string;
  /** "Noch 500 verfügbar" or unlimited. */
  quantity: number | null;
  locations: number;
}

/**
 * Shared by the partner's form and the console's review (decision 010, section 8).
 * The offer as the app's market shows it to customers, built from what the form holds right now
 * (decision 010, section 8): photo, kind, the partner, name, price with the original struck
 * through, validity, how many are left, the first lines of the description and the action.
 */
export function OfferPreview({ data }: { data: PreviewData }) {
  const { t } = useTranslation("nft");
  const format = useLocaleFormats();
  const paid = data.type !== "coupon";
  return (
    <Box
      component="figure"
      m={0}
      aria-label={t("preview.label")}
      data-testid="nft-preview"
      style={{
        borderRadius: 24,
        overflow: "hidden",
        background: "var(--mantine-color-white)",
        border: "1px solid var(--mantine-color-gray-3)",
        boxShadow: "0 18px 40px -24px rgba(124, 45, 18, 0.45)",
        maxWidth: 360,
      }}
    >
      <AspectRatio ratio={16 / 9}>
        {data.photoUrl ? (
          <Image src={data.photoUrl} alt="" />
        ) : (
          <Center bg="brand.0" c="brand.8">
            <Stack align="center" gap={4}>
              <Icon name="gift" size={40} aria-hidden />
              <Text size="xs" c="dark.5">
                {t("preview.noPhoto")}
              </Text>
            </Stack>
          </Center>
        )}
      </AspectRatio>
      <Stack p="md" gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="brand.9">
            {t(`types.${data.type}`)}
          </Text>
          {data.industry && (
            <Text size="xs" c="dark.4" truncate>
              {data.industry}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dark.5" style={{ overflowWrap: "anywhere" }}>
          {data.partnerName}
        </Text>
        <Text fw={800} fz="lg" lh={1.25} style={{ overflowWrap: "anywhere" }} data-testid="nft-preview-name">
          {data.name || t("preview.namePlaceholder")}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={800} fz="xl" c="brand.9" data-testid="nft-preview-price">
            {paid
              ? data.priceCents === null
                ? t("preview.pricePlaceholder")
                : format.money(data.priceCents)
              : t("list.free")}
          </Text>
          {paid && data.originalPriceCents !== null && data.originalPriceCents > (data.priceCents ?? 0) && (
            <Text size="sm" c="dark.4" td="line-through">
              {format.money(data.originalPriceCents)}
            </Text>
          )}
        </Group>
        <Text size="sm" data-testid="nft-preview-validity">
          {data.validity}
        </Text>
        <Text size="sm" c="dark.5">
          {data.quantity === null
            ? t("preview.unlimited")
            : t("preview.left", { count: data.quantity, formatted: format.number(data.quantity) })}
          {" · "}
          {t("preview.locations", { count: data.locations })}
        </Text>
        {data.description && (
          <Text size="sm" lineClamp={4} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {data.description}
          </Text>
        )}
        <Box
          mt="xs"
          py={10}
          ta="center"
          fw={700}
          c="white"
          bg="brand.8"
          style={{ borderRadius: 12 }}
          aria-hidden
        >
          {t(paid ? "preview.buy" : "preview.get")}
        </Box>
      </Stack>
    </Box>
  );
}
