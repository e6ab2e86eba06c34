import { Alert, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { MENUS_PER_PAGE, type MenuOverview } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { useMenus } from "../../../shared/partner/menus-calls.ts";
import { paths } from "../../../shared/paths.ts";
import { PageButtons } from "../../../shared/ui/page-buttons.tsx";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";

/**
 * The partner's menus, one per location (the spec's digital-menu/{id} without an id, at a path of
 * its own: docs/decisions/009-digital-menu.md, "As built"): each menu's state, since when it is
 * billed, its fee, and the way into the editor. One column on phones.
 */
export default function MenusPage() {
  const { t } = useTranslation("menus");
  const locale = useLocale();
  useDocumentTitle(t("title"));
  const [page, setPage] = useState(1);
  const list = useMenus(page);
  const total = list.data?.meta.total ?? 0;

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={960}>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("title")}
            </Title>
            <Text c="dimmed">{t("intro")}</Text>
          </div>
          {list.isError && (
            <Alert color="red" role="alert">
              {list.error.message}
            </Alert>
          )}
          {list.isPending && <Skeleton h={160} radius="lg" />}
          {list.data && total === 0 && (
            <Card withBorder radius="lg" padding="xl" ta="center">
              <Text fw={600}>{t("empty.title")}</Text>
              <Text c="dimmed" size="sm" mt={4}>
                {t("empty.text")}
              </Text>
              <Button component={Link} to={paths.locations(locale)} mt="md" w="fit-content" mx="auto">
                {t("empty.action")}
              </Button>
            </Card>
          )}
          {list.data && total > 0 && (
            <SimpleGrid
              cols={{ base: 1, sm: 2 }}
              spacing="md"
              component="ul"
              aria-label={t("listLabel")}
              style={{ listStyle: "none", padding: 0, margin: 0 }}
            >
              {list.data.data.map((menu) => (
                <MenuCard key={menu.location.id} menu={menu} />
              ))}
            </SimpleGrid>
          )}
          {total > MENUS_PER_PAGE && (
            <PageButtons total={Math.ceil(total / MENUS_PER_PAGE)} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </PartnerLayout>
  );
}

function MenuCard({ menu }: { menu: MenuOverview }) {
  const { t } = useTranslation("menus");
  const locale = useLocale();
  const format = useLocaleFormats();
  const { id, name, address } = menu.location;
  const languages = menu.offered_locales.map((l) => t(`languageNames.${l}`)).join(", ");

  return (
    <Card component="li" withBorder radius="lg" padding="lg" data-testid="menu-overview">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="md" style={{ overflowWrap: "anywhere" }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {address}
            </Text>
          </div>
          {/* The state is read in full; the name wraps instead. */}
          <Box style={{ flexShrink: 0 }}>
            <SoftBadge color={menu.enabled ? "green" : "gray"}>{t(menu.enabled ? "on" : "off")}</SoftBadge>
          </Box>
        </Group>
        <Text size="sm" data-testid="menu-state">
          {menu.enabled && menu.since ? t("since", { date: format.dayNumeric(menu.since) }) : t("offFee")}
        </Text>
        <Text size="sm" c="dark.6">
          {t("items", { count: menu.items })} · {t("tables", { count: menu.tables })}
          <br />
          {t("languages", { list: languages })}
        </Text>
        <Group gap="sm" mt="auto" wrap="wrap">
          <Button
            component={Link}
            to={paths.digitalMenuManage(locale, { id })}
            aria-label={t("editOf", { name })}
          >
            {t("edit")}
          </Button>
          {menu.enabled && (
            <Button
              component="a"
              href={`/dm/${id}`}
              target="_blank"
              rel="noopener"
              variant="default"
              aria-label={t("guestViewOf", { name })}
            >
              {t("guestView")}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
