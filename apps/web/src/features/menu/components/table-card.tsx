import {
  Accordion,
  Anchor,
  Button,
  Divider,
  Group,
  Image,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { MENU_ITEM_KINDS, type MenuItemKind, type MenuItemView, type MenuTableView } from "@stempla/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { tableQrUrl, useDeleteTable, useRenameTable } from "../api/table-calls.ts";
import { ItemRow } from "./item-row.tsx";

/** The kinds a table's add-field menu offers, in the menu list's order (a table rarely has a section). */
const ADD_ORDER: MenuItemKind[] = ["text", "dish", "link", "photo", "pdf", "section"];

/**
 * One table, folded to its name and item count: opened, its guest address with a preview, its QR
 * code as PNG and SVG, rename and delete, and its own items (shown to guests at this table before
 * the menu), with the same actions as the menu's list.
 */
export function TableCard({
  shopId,
  table,
  items,
  clicks,
  onAdd,
  onEdit,
  onTimes,
}: {
  shopId: number;
  table: MenuTableView;
  items: MenuItemView[];
  clicks: Map<number, number>;
  onAdd: (kind: MenuItemKind) => void;
  onEdit: (item: MenuItemView) => void;
  onTimes: (item: MenuItemView) => void;
}) {
  const { t } = useTranslation("menu");
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = table.name;
  const path = `/dm/${shopId}/${table.id}`;
  const kinds = ADD_ORDER.filter((k) => MENU_ITEM_KINDS.includes(k));

  return (
    <Accordion.Item value={String(table.id)} data-testid="menu-table">
      <Accordion.Control>
        <Group gap="xs" wrap="wrap" justify="space-between" pe="xs">
          <Text fw={600} data-testid="menu-table-name" style={{ overflowWrap: "anywhere" }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {t("tables.items", { count: items.length })}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <Group align="flex-start" gap="md" wrap="nowrap">
            <Image
              src={tableQrUrl(table.id, "svg")}
              alt={t("tables.qrAlt", { name })}
              w={96}
              h={96}
              loading="lazy"
              radius="sm"
              bd="1px solid var(--mantine-color-gray-3)"
              style={{ flex: "none" }}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {t("tables.address")}
              </Text>
              <Anchor
                href={table.public_url}
                target="_blank"
                rel="noopener"
                size="sm"
                style={{ overflowWrap: "anywhere" }}
                data-testid="menu-table-url"
              >
                {table.public_url}
              </Anchor>
              <Button
                component="a"
                href={path}
                target="_blank"
                rel="noopener"
                variant="default"
                mt={4}
                style={{ alignSelf: "flex-start" }}
                aria-label={t("tables.previewOf", { name })}
              >
                {t("tables.preview")}
              </Button>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t("tables.qrFiles")}
            </Text>
            <Button
              component="a"
              href={tableQrUrl(table.id, "png")}
              download
              variant="default"
              aria-label={t("tables.pngOf", { name })}
            >
              PNG
            </Button>
            <Button
              component="a"
              href={tableQrUrl(table.id, "svg")}
              download
              variant="default"
              aria-label={t("tables.svgOf", { name })}
            >
              SVG
            </Button>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              onClick={() => setRenaming(true)}
              aria-label={t("tables.renameOf", { name })}
            >
              {t("tables.rename")}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDeleting(true)}
              aria-label={t("tables.deleteOf", { name })}
            >
              {t("tables.delete")}
            </Button>
          </Group>
          <Divider />
          <Stack gap="xs" component="section" aria-label={`${t("tables.itemsTitle")}: ${name}`}>
            <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
              <div>
                <Title order={4} fz="md">
                  {t("tables.itemsTitle")}
                </Title>
                <Text size="sm" c="dimmed">
                  {t("tables.itemsHint")}
                </Text>
              </div>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button aria-label={t("tables.addItemOf", { name })}>{t("tables.addItem")}</Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {kinds.map((kind) => (
                    <Menu.Item key={kind} onClick={() => onAdd(kind)}>
                      {t(`kinds.${kind}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
            {items.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("tables.itemsEmpty")}
              </Text>
            )}
            {items.map((item, index, all) => (
              <ItemRow
                key={item.id}
                shopId={shopId}
                item={item}
                first={index === 0}
                last={index === all.length - 1}
                clicks={clicks.get(item.id)}
                onEdit={() => onEdit(item)}
                onTimes={() => onTimes(item)}
              />
            ))}
          </Stack>
        </Stack>
      </Accordion.Panel>
      {renaming && <RenameTable shopId={shopId} table={table} onClose={() => setRenaming(false)} />}
      {deleting && (
        <DeleteTable shopId={shopId} table={table} items={items.length} onClose={() => setDeleting(false)} />
      )}
    </Accordion.Item>
  );
}

function RenameTable({
  shopId,
  table,
  onClose,
}: {
  shopId: number;
  table: MenuTableView;
  onClose: () => void;
}) {
  const { t } = useTranslation("menu");
  const rename = useRenameTable(shopId);
  const [name, setName] = useState(table.name);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    rename.mutate(
      { id: table.id, input: { name: name.trim() } },
      {
        onSuccess: onClose,
        onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.name?.[0] ?? e.message) : e.message),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("tables.renameTitle")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t("tables.name")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            size="md"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteTable({
  shopId,
  table,
  items,
  onClose,
}: {
  shopId: number;
  table: MenuTableView;
  items: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("menu");
  const remove = useDeleteTable(shopId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("tables.deleteTitle")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <Stack>
        <Text>
          {items === 0
            ? t("tables.deleteTextEmpty", { name: table.name })
            : t("tables.deleteText", { name: table.name, count: items })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("tables.deleteQr")}
        </Text>
        {remove.isError && (
          <Text c="red" role="alert">
            {remove.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(table.id, { onSuccess: onClose })}
          >
            {t("tables.deleteConfirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
