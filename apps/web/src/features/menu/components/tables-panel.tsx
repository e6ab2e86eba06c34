import { Accordion, Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { MENU, type MenuEditView, type MenuItemKind, type MenuItemView } from "@stempla/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, apiFile } from "../../../shared/api/client.ts";
import { saveFile } from "../../../shared/lib/save-file.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { menuQrPdfPath, useCreateTable } from "../api/table-calls.ts";
import { DisplayTimesForm } from "./display-times-form.tsx";
import { ItemForm } from "./item-form.tsx";
import { TableCard } from "./table-card.tsx";

type Editing =
  | { mode: "add"; tableId: number; kind: MenuItemKind }
  | { mode: "edit"; item: MenuItemView }
  | { mode: "times"; item: MenuItemView }
  | null;

/**
 * The location's tables (decision 009, section 6): add one by name, print every code at once,
 * and per table its address, QR code, name and own items. Phone first: one column, each table
 * folded to its name until opened.
 */
export function TablesPanel({ menu, clicks }: { menu: MenuEditView; clicks: Map<number, number> }) {
  const { t } = useTranslation("menu");
  const shopId = menu.location.id;
  const [opened, setOpened] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Stack gap="lg" component="section" aria-labelledby="menu-tables-title">
      <div>
        <Title order={2} fz="lg" id="menu-tables-title">
          {t("tables.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("tables.intro")}
        </Text>
      </div>
      {!menu.enabled && (
        <Alert color="yellow" variant="light">
          {t("tables.offHint")}
        </Alert>
      )}
      <AddTable shopId={shopId} onAdded={(id) => setOpened((all) => [...all, String(id)])} />
      {/* Also without tables: the sheet's first page is the menu's own code. */}
      <PrintAll shopId={shopId} />
      {menu.tables.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">{t("tables.empty")}</Text>
        </Card>
      ) : (
        <Accordion multiple value={opened} onChange={setOpened} variant="separated" radius="md" order={3}>
          {menu.tables.map((table) => (
            <TableCard
              key={table.id}
              shopId={shopId}
              table={table}
              items={menu.table_items[String(table.id)] ?? []}
              clicks={clicks}
              onAdd={(kind) => setEditing({ mode: "add", tableId: table.id, kind })}
              onEdit={(item) => setEditing({ mode: "edit", item })}
              onTimes={(item) => setEditing({ mode: "times", item })}
            />
          ))}
        </Accordion>
      )}
      {editing?.mode === "add" && (
        <ItemForm
          shopId={shopId}
          tableId={editing.tableId}
          kind={editing.kind}
          item={null}
          onClose={() => setEditing(null)}
        />
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
  );
}

/** The name field and its button; the server's message (taken, too long, too many) stands at the field. */
function AddTable({ shopId, onAdded }: { shopId: number; onAdded: (id: number) => void }) {
  const { t } = useTranslation("menu");
  const create = useCreateTable(shopId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: ({ data }) => {
          setName("");
          onAdded(data.id);
        },
        onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.name?.[0] ?? e.message) : e.message),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" align="flex-start">
          <TextInput
            label={t("tables.newName")}
            description={t("tables.nameHint", { max: MENU.tableNameMaxChars })}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            size="md"
            w="100%"
            maw={480}
          />
          <Button type="submit" size="md" loading={create.isPending}>
            {t("tables.add")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The print sheet, fetched by script rather than linked: the QR PDFs are limited per account, and
 * a refusal must show the server's message, not a failed download (as the location's printables).
 */
function PrintAll({ shopId }: { shopId: number }) {
  const { t } = useTranslation("menu");
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const file = await apiFile(menuQrPdfPath(shopId));
      saveFile(file.blob, file.fileName ?? `qr-${shopId}.pdf`);
    } catch (failure) {
      notify("red", (failure as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Button variant="default" size="md" loading={loading} onClick={download}>
        {t("tables.printAll")}
      </Button>
      <Text size="sm" c="dimmed" style={{ flex: "1 1 220px" }}>
        {t("tables.printHint")}
      </Text>
    </Group>
  );
}
