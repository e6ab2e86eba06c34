import { Table, Text } from "@mantine/core";
import type { NftMonitorRow } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { KIND_COLORS, shortWallet } from "./monitor-labels.ts";

const dash = <Text c="dimmed">–</Text>;

function Th({ children, right }: { children: string; right?: boolean }) {
  return (
    <Table.Th fz="xs" c="dimmed" ta={right ? "right" : undefined} style={{ whiteSpace: "nowrap" }}>
      {children}
    </Table.Th>
  );
}

/** The monitor as a table (wide screens); it scrolls sideways where the columns do not fit. */
export function MonitorTable({ rows }: { rows: (NftMonitorRow & { id: number })[] }) {
  const { t } = useTranslation("nft");
  const format = useLocaleFormats();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        fz="sm"
        aria-label={t("monitor.tableLabel")}
      >
        <Table.Thead>
          <Table.Tr>
            <Th>{t("monitor.columns.at")}</Th>
            <Th>{t("monitor.columns.name")}</Th>
            <Th>{t("monitor.columns.type")}</Th>
            <Th right>{t("monitor.columns.price")}</Th>
            <Th>{t("monitor.columns.kind")}</Th>
            <Th>{t("monitor.columns.client")}</Th>
            <Th>{t("monitor.columns.nftId")}</Th>
            <Th>{t("monitor.columns.location")}</Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="monitor-row" data-kind={row.kind}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{format.dateTime(row.at)}</Table.Td>
              <Table.Td>
                <div style={{ maxWidth: 220, overflowWrap: "break-word" }}>{row.name}</div>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{t(`types.${row.type}`)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                {row.price_cents > 0 ? format.money(row.price_cents) : t("monitor.free")}
              </Table.Td>
              <Table.Td>
                {/* The badge's own width, so the table never cuts its word to "EINGEL…". */}
                <div style={{ width: "max-content" }}>
                  <SoftBadge color={KIND_COLORS[row.kind]}>{t(`monitor.kinds.${row.kind}`)}</SoftBadge>
                </div>
              </Table.Td>
              <Table.Td>
                <div style={{ maxWidth: 180, overflowWrap: "break-word" }}>
                  {row.client.name && <Text size="sm">{row.client.name}</Text>}
                  <Text
                    size="xs"
                    c="dimmed"
                    ff="monospace"
                    style={{ whiteSpace: "nowrap" }}
                    title={row.client.wallet_address}
                  >
                    {shortWallet(row.client.wallet_address)}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td ff="monospace" fz="xs" style={{ whiteSpace: "nowrap" }}>
                {row.nft_id ?? dash}
              </Table.Td>
              <Table.Td>
                <div style={{ maxWidth: 180, overflowWrap: "break-word" }}>{row.location?.name ?? dash}</div>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
