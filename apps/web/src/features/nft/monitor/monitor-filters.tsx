import { Button, Group, Select, TextInput } from "@mantine/core";
import { NFT_MONITOR_KINDS, NFT_TYPES, type NftMonitorKind, type NftType } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import type { MonitorFilters } from "./monitor-calls.ts";
import { useMonitorOffers } from "./monitor-calls.ts";

/**
 * The monitor's filters: a range of days (the shop's, Berlin), the type, the status and one offer.
 * Every change goes to the page at once; "reset" clears them all.
 */
export function MonitorFiltersBar({
  filters,
  onChange,
}: {
  filters: MonitorFilters;
  onChange: (filters: MonitorFilters) => void;
}) {
  const { t } = useTranslation("nft");
  const offers = useMonitorOffers();
  const set = (patch: Partial<MonitorFilters>) => onChange({ ...filters, ...patch });
  const any = Object.values(filters).some(Boolean);
  const offerChoices = (offers.data ?? []).map((offer) => ({
    value: String(offer.id),
    label: `${offer.name} (${t(`types.${offer.type}`)})`,
  }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label={t("monitor.filters.from")}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set({ from: event.currentTarget.value })}
        w={{ base: "calc(50% - 6px)", xs: 160 }}
      />
      <TextInput
        type="date"
        label={t("monitor.filters.to")}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => set({ to: event.currentTarget.value })}
        w={{ base: "calc(50% - 6px)", xs: 160 }}
      />
      <Select
        label={t("monitor.filters.type")}
        placeholder={t("monitor.filters.allTypes")}
        data={NFT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        value={filters.type || null}
        onChange={(value) => set({ type: (value as NftType | null) ?? "" })}
        clearable
        w={{ base: "100%", xs: 170 }}
      />
      <Select
        label={t("monitor.filters.kind")}
        placeholder={t("monitor.filters.allKinds")}
        data={NFT_MONITOR_KINDS.map((kind) => ({ value: kind, label: t(`monitor.kinds.${kind}`) }))}
        value={filters.kind || null}
        onChange={(value) => set({ kind: (value as NftMonitorKind | null) ?? "" })}
        clearable
        w={{ base: "100%", xs: 170 }}
      />
      <Select
        label={t("monitor.filters.offer")}
        placeholder={t("monitor.filters.allOffers")}
        data={offerChoices}
        value={filters.offerId || null}
        onChange={(value) => set({ offerId: value ?? "" })}
        searchable
        clearable
        nothingFoundMessage={t("monitor.filters.noOffer")}
        w={{ base: "100%", xs: 240 }}
      />
      {any && (
        <Button
          variant="subtle"
          onClick={() => onChange({ from: "", to: "", type: "", kind: "", offerId: "" })}
        >
          {t("monitor.filters.reset")}
        </Button>
      )}
    </Group>
  );
}
