import { Anchor, Group, Text } from "@mantine/core";
import type { MenuOverview } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";

/**
 * The foot of a location's card on the locations page: its menu on or off, and the way into the
 * editor (docs/decisions/009-digital-menu.md, section 6). `menu` is undefined while the state
 * loads; the link is there at once.
 */
export function LocationMenuRow({
  locationId,
  nameId,
  menu,
}: {
  locationId: number;
  /** The id of the element that shows the location's name: the link's description. */
  nameId: string;
  menu: MenuOverview | undefined;
}) {
  const { t } = useTranslation("menus");
  const locale = useLocale();
  return (
    <Group
      justify="space-between"
      gap="xs"
      px="lg"
      py="sm"
      wrap="wrap"
      data-testid="location-menu"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Group gap={8} wrap="nowrap">
        <Text size="sm" fw={500}>
          {t("card.label")}
        </Text>
        {menu && (
          <SoftBadge color={menu.enabled ? "green" : "gray"}>
            {t(menu.enabled ? "card.on" : "card.off")}
          </SoftBadge>
        )}
      </Group>
      <Anchor
        component={Link}
        to={paths.digitalMenuManage(locale, { id: locationId })}
        size="sm"
        fw={500}
        aria-describedby={nameId}
        py={4}
      >
        {t("card.edit")}
      </Anchor>
    </Group>
  );
}
