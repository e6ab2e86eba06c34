import { Group, SimpleGrid, Text } from "@mantine/core";
import type { NftMonitorRow } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { CardField } from "../../../shared/ui/card-field.tsx";
import { CardList } from "../../../shared/ui/card-list.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { KIND_COLORS, shortWallet } from "./monitor-labels.ts";

/** The monitor as stacked cards (phones and narrow windows), one per event. */
export function MonitorCards({ rows }: { rows: (NftMonitorRow & { id: number })[] }) {
  const { t } = useTranslation("nft");
  const format = useLocaleFormats();
  return (
    <CardList items={rows} label={t("monitor.tableLabel")} testId="monitor-row">
      {(row) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {row.name}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`types.${row.type}`)} ·{" "}
                {row.price_cents > 0 ? format.money(row.price_cents) : t("monitor.free")}
              </Text>
            </div>
            <div style={{ flexShrink: 0 }}>
              <SoftBadge color={KIND_COLORS[row.kind]}>{t(`monitor.kinds.${row.kind}`)}</SoftBadge>
            </div>
          </Group>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="sm">
            <CardField label={t("monitor.columns.at")}>{format.dateTime(row.at)}</CardField>
            <CardField label={t("monitor.columns.client")}>
              {row.client.name ?? (
                <span title={row.client.wallet_address} style={{ fontFamily: "monospace" }}>
                  {shortWallet(row.client.wallet_address)}
                </span>
              )}
            </CardField>
            <CardField label={t("monitor.columns.nftId")}>
              <span style={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>{row.nft_id ?? "–"}</span>
            </CardField>
            <CardField label={t("monitor.columns.location")}>{row.location?.name ?? "–"}</CardField>
          </SimpleGrid>
        </>
      )}
    </CardList>
  );
}
