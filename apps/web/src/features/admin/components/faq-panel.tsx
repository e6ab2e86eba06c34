import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Flex,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { FAQ_TOPICS, type FaqAdminEntry } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useAdminFaq, useDeleteFaqEntry, useMoveFaqEntry, useSetFaqPublished } from "../api/faq-calls.ts";
import { FaqEditor } from "./faq-editor.tsx";
import { useFormats } from "./formats.ts";

const AUDIENCE_COLOR = { public: "blue", partners: "grape", both: "teal" } as const;

/**
 * The console's FAQ tab: the entries of the public FAQ and the partners' FAQ, by topic, in page
 * order. The team writes, reorders, publishes and deletes them here (spec sections 2 and 7).
 */
export function FaqPanel() {
  const { t } = useTranslation("admin");
  const { t: faqT } = useTranslation("faq");
  const locale = useLocale();
  const faq = useAdminFaq();
  // undefined: no dialog; "new": a new entry; else the entry being edited.
  const [editing, setEditing] = useState<FaqAdminEntry | "new">();
  const [deleting, setDeleting] = useState<FaqAdminEntry>();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" maw={760}>
          {t("faq.intro")}{" "}
          <Anchor component={Link} to={paths.faq(locale)} target="_blank" inherit underline="always">
            {t("faq.openPublic")}
          </Anchor>
        </Text>
        <Button leftSection={<Icon name="pencil" size={16} />} onClick={() => setEditing("new")}>
          {t("faq.new")}
        </Button>
      </Group>
      {faq.isPending && <Skeleton h={160} radius="md" aria-label={t("faq.loading")} />}
      {faq.isError && (
        <Alert color="red" role="alert">
          {faq.error.message}
        </Alert>
      )}
      {faq.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {t("faq.none")}
        </Text>
      )}
      {faq.data &&
        FAQ_TOPICS.map((topic) => {
          const items = faq.data.filter((entry) => entry.topic === topic);
          if (items.length === 0) return null;
          return (
            <section key={topic} aria-labelledby={`admin-faq-${topic}`}>
              <Title order={2} fz="lg" mb="xs" mt="sm" id={`admin-faq-${topic}`}>
                {faqT(`topics.${topic}`)}
              </Title>
              <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
                {items.map((entry, index) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    first={index === 0}
                    last={index === items.length - 1}
                    onEdit={() => setEditing(entry)}
                    onDelete={() => setDeleting(entry)}
                  />
                ))}
              </Stack>
            </section>
          );
        })}
      {editing && (
        <FaqEditor
          key={editing === "new" ? "new" : editing.id}
          entry={editing === "new" ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <DeleteDialog entry={deleting} onClose={() => setDeleting(undefined)} />
    </Stack>
  );
}

function EntryRow({
  entry,
  first,
  last,
  onEdit,
  onDelete,
}: {
  entry: FaqAdminEntry;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const move = useMoveFaqEntry();
  const publish = useSetFaqPublished();
  const moveTo = (direction: "up" | "down") =>
    move.mutate({ id: entry.id, direction }, { onError: (error) => notify("red", error.message) });

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="admin-faq-entry" data-slug={entry.slug}>
      {/* On phones the switch and the buttons go below the question, which keeps its width. */}
      <Flex gap="sm" direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "flex-start" }}>
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2}>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={first || move.isPending}
              onClick={() => moveTo("up")}
              aria-label={t("faq.moveUp", { question: entry.question_de })}
            >
              <Icon name="arrowUp" size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={last || move.isPending}
              onClick={() => moveTo("down")}
              aria-label={t("faq.moveDown", { question: entry.question_de })}
            >
              <Icon name="arrowDown" size={16} />
            </ActionIcon>
          </Stack>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} lh={1.35}>
              {entry.question_de}
            </Text>
            <Text size="sm" c="dimmed" lh={1.35}>
              {entry.question_en}
            </Text>
            <Group gap={6} mt={2}>
              <SoftBadge color={AUDIENCE_COLOR[entry.audience]}>
                {t(`faq.audiences.${entry.audience}`)}
              </SoftBadge>
              {!entry.published && <SoftBadge color="gray">{t("faq.draft")}</SoftBadge>}
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                #{entry.slug} ·{" "}
                {entry.updated_by
                  ? t("faq.changedBy", { date: format.dateTime(entry.updated_at), who: entry.updated_by })
                  : t("faq.changedAt", { date: format.dateTime(entry.updated_at) })}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="sm" wrap="nowrap" justify="space-between" style={{ flexShrink: 0 }}>
          <Switch
            size="sm"
            label={t("faq.published")}
            // The new state at once while it is saved (the list reloads after).
            checked={publish.isPending && publish.variables ? publish.variables.published : entry.published}
            disabled={publish.isPending}
            onChange={(event) =>
              publish.mutate(
                { id: entry.id, published: event.currentTarget.checked },
                { onError: (error) => notify("red", error.message) },
              )
            }
          />
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={onEdit}
              aria-label={t("faq.edit", { question: entry.question_de })}
            >
              <Icon name="pencil" size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={onDelete}
              aria-label={t("faq.delete", { question: entry.question_de })}
            >
              <Icon name="trash" size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Flex>
    </Paper>
  );
}

function DeleteDialog({ entry, onClose }: { entry: FaqAdminEntry | undefined; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const remove = useDeleteFaqEntry();
  return (
    <Modal opened={entry !== undefined} onClose={onClose} title={t("faq.deleteTitle")} centered>
      <Stack>
        <Text size="sm">{t("faq.deleteText", { question: entry?.question_de ?? "" })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("faq.cancel")}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              entry &&
              remove.mutate(entry.id, {
                onSuccess: () => {
                  notify("green", t("faq.deleted"));
                  onClose();
                },
                onError: (error) => notify("red", error.message),
              })
            }
          >
            {t("faq.deleteConfirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
