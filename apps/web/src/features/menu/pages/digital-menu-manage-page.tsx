import { Alert, Anchor, Button, Card, Group, Menu, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { MENU_ITEM_KINDS, type MenuItemKind, type MenuItemView } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useMenu } from "../api/menu-calls.ts";
import { BannersPanel } from "../components/banners-panel.tsx";
import { ClicksMonthContext, ClicksMonthSelect, useClicksMonth } from "../components/clicks-month.tsx";
import { DisplayTimesForm } from "../components/display-times-form.tsx";
import { EnableCard } from "../components/enable-card.tsx";
import { ItemForm } from "../components/item-form.tsx";
import { ItemRow } from "../components/item-row.tsx";
import { LinksForm } from "../components/links-form.tsx";
import { TablesPanel } from "../components/tables-panel.tsx";

/** The order the add-field menu offers the kinds in: what a restaurant adds most, first. */
const ADD_ORDER: MenuItemKind[] = ["section", "dish", "text", "link", "photo", "pdf"];

/** The editor's tabs; the open one stands in the address (?tab=), so a reload stays on it. */
const TABS = ["items", "tables", "banners", "links"] as const;
type Tab = (typeof TABS)[number];

type Editing =
  | { mode: "add"; kind: MenuItemKind }
  | { mode: "edit"; item: MenuItemView }
  | { mode: "times"; item: MenuItemView }
  | null;

/** A location's digital menu (digital-menu/{id}, the id being the location's; decision 009, section 6). */
export default function DigitalMenuManagePage() {
  const { t } = useTranslation("menu");
  const locale = useLocale();
  const shopId = Number(useParams().id);
  const menu = useMenu(shopId);
  // The month the click counts beside the items are of (this month until the partner picks another).
  const clicks = useClicksMonth(shopId);
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === search.get("tab")) ?? "items";
  useDocumentTitle(menu.data ? t("pageTitle", { name: menu.data.location.name }) : t("title"));
  const clicksOf = clicks.counts;
  const kinds = ADD_ORDER.filter((k) => MENU_ITEM_KINDS.includes(k));

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={760}>
          <Anchor component={Link} to={paths.locationDetail(locale, { id: shopId })} size="sm">
            ← {t("back")}
          </Anchor>
          {menu.isPending && <Skeleton h={240} radius="lg" />}
          {menu.isError && (
            <Alert color="red" role="alert">
              {menu.error instanceof ApiError && menu.error.status === 404
                ? t("notFound")
                : menu.error.message}
            </Alert>
          )}
          {menu.data && (
            <>
              <div>
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {t("title")}
                </Title>
                <Text c="dimmed">{menu.data.location.name}</Text>
              </div>
              <EnableCard menu={menu.data} />
              <Tabs
                value={tab}
                keepMounted={false}
                // Narrower tabs than Mantine's, so the four fit one line at 390 px.
                styles={{ tab: { paddingInline: "var(--mantine-spacing-xs)" } }}
                onChange={(value) =>
                  setSearch(value && value !== "items" ? { tab: value } : {}, { replace: true })
                }
              >
                <Tabs.List>
                  <Tabs.Tab value="items">{t("listTitle")}</Tabs.Tab>
                  <Tabs.Tab value="tables">{t("tables.tab", { count: menu.data.tables.length })}</Tabs.Tab>
                  <Tabs.Tab value="banners">{t("banners.tab", { count: menu.data.banners.length })}</Tabs.Tab>
                  <Tabs.Tab value="links">{t("links.tab")}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="items" pt="lg">
                  <Stack gap="lg">
                    <Group gap="sm" wrap="wrap">
                      <Button
                        component="a"
                        href={`/dm/${shopId}`}
                        target="_blank"
                        rel="noopener"
                        variant="default"
                      >
                        {t("preview")}
                      </Button>
                      <Menu position="bottom-start" withinPortal>
                        <Menu.Target>
                          <Button>{t("add")}</Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {kinds.map((kind) => (
                            <Menu.Item key={kind} onClick={() => setEditing({ mode: "add", kind })}>
                              {t(`kinds.${kind}`)}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                    {!menu.data.enabled && (
                      <Text size="sm" c="dimmed">
                        {t("offHint")}
                      </Text>
                    )}
                    {menu.data.items.length > 0 && (
                      <ClicksMonthSelect
                        month={clicks.month}
                        months={clicks.months}
                        onChange={clicks.setMonth}
                      />
                    )}
                    <Stack gap="xs" component="section" aria-label={t("listLabel")}>
                      <Title order={2} fz="lg">
                        {t("listTitle")}
                      </Title>
                      {menu.data.items.length === 0 && (
                        <Card withBorder radius="md" padding="lg">
                          <Text c="dimmed">{t("empty")}</Text>
                        </Card>
                      )}
                      {menu.data.items.map((item, index, all) => (
                        <ItemRow
                          key={item.id}
                          shopId={shopId}
                          item={item}
                          first={index === 0}
                          last={index === all.length - 1}
                          clicks={clicksOf.get(item.id)}
                          clicksMonth={clicks.label}
                          onEdit={() => setEditing({ mode: "edit", item })}
                          onTimes={() => setEditing({ mode: "times", item })}
                        />
                      ))}
                    </Stack>
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="tables" pt="lg">
                  <ClicksMonthContext.Provider value={clicks.label}>
                    <TablesPanel menu={menu.data} clicks={clicksOf} />
                  </ClicksMonthContext.Provider>
                </Tabs.Panel>
                <Tabs.Panel value="banners" pt="lg">
                  <BannersPanel shopId={shopId} banners={menu.data.banners} />
                </Tabs.Panel>
                <Tabs.Panel value="links" pt="lg">
                  <LinksForm shopId={shopId} links={menu.data.links} />
                </Tabs.Panel>
              </Tabs>
            </>
          )}
          {editing?.mode === "add" && (
            <ItemForm shopId={shopId} kind={editing.kind} item={null} onClose={() => setEditing(null)} />
          )}
          {editing?.mode === "edit" && (
            <ItemForm
              shopId={shopId}
              kind={editing.item.kind}
              item={editing.item}
              onClose={() => setEditing(null)}
            />
          )}
          {editing?.mode === "times" && (
            <DisplayTimesForm shopId={shopId} item={editing.item} onClose={() => setEditing(null)} />
          )}
        </Stack>
      )}
    </PartnerLayout>
  );
}
