import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  type PartnerSocial,
  partnerSocialSchema,
  SOCIAL_TYPES,
  type SocialType,
  socialHref,
} from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { useCreateSocial, useDeleteSocial, useUpdateSocial } from "../api/card-calls.ts";

/** The optional links shown with the card: one of each kind (spec section 3, bonus card). */
export function LinksCard({ socials }: { socials: PartnerSocial[] }) {
  const { t } = useTranslation("cards");
  // undefined: no dialog; null: adding; a link: editing it.
  const [editing, setEditing] = useState<PartnerSocial | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PartnerSocial | undefined>(undefined);
  const remove = useDeleteSocial();
  const used = new Set(socials.map((s) => s.type));
  const allUsed = used.size === SOCIAL_TYPES.length;
  const typeName = (type: SocialType) => t(`links.types.${type}`);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg">
          {t("links.title")}
        </Title>
        {!allUsed && (
          <Button variant="light" size="xs" onClick={() => setEditing(null)} style={{ flex: "none" }}>
            {t("links.add")}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t("links.intro")}
      </Text>

      <Stack gap={0} mt="md">
        {socials.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("links.empty")}
          </Text>
        )}
        {socials.map((social) => (
          <Group
            key={social.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py="xs"
            style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
            data-testid="social-link"
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {typeName(social.type)}
              </Text>
              <Anchor
                href={socialHref(social)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ overflowWrap: "anywhere" }}
              >
                {social.url}
              </Anchor>
            </div>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                c="dark.6"
                aria-label={t("links.edit", { type: typeName(social.type) })}
                onClick={() => setEditing(social)}
              >
                <Icon name="pencil" size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                c="red.8"
                aria-label={t("links.delete", { type: typeName(social.type) })}
                onClick={() => setDeleting(social)}
              >
                <Icon name="trash" size={18} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {allUsed && (
          <Text size="xs" c="dimmed" mt="xs">
            {t("links.allUsed")}
          </Text>
        )}
      </Stack>

      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing ? "links.editTitle" : "links.addTitle")}
        closeButtonProps={{ "aria-label": t("links.close") }}
      >
        {editing !== undefined && (
          <SocialForm
            social={editing ?? undefined}
            available={SOCIAL_TYPES.filter((type) => !used.has(type) || type === editing?.type)}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Modal>

      <Modal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t("links.confirmTitle")}
        closeButtonProps={{ "aria-label": t("links.close") }}
      >
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("links.confirmText", { url: deleting?.url })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(undefined)}>
            {t("links.cancel")}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  setDeleting(undefined);
                  notify("green", t("links.deleted"));
                },
                onError: (error) => notify("red", error.message),
              })
            }
          >
            {t("links.confirm")}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

/** Add or change one link; the kind offers only those not used yet (the server refuses duplicates). */
function SocialForm({
  social,
  available,
  onDone,
}: {
  social?: PartnerSocial;
  available: SocialType[];
  onDone: () => void;
}) {
  const { t } = useTranslation("cards");
  const locale = useLocale();
  const create = useCreateSocial();
  const update = useUpdateSocial();
  const form = useForm<{ type: SocialType | null; url: string }>({
    mode: "controlled",
    initialValues: { type: social?.type ?? available[0] ?? null, url: social?.url ?? "" },
    validate: zodValidate(partnerSocialSchema, locale),
  });
  const isEmail = form.getValues().type === "email";
  const pending = create.isPending || update.isPending;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const input = { type: values.type as SocialType, url: values.url };
        const options = {
          onSuccess: () => {
            notify("green", t(social ? "links.updated" : "links.added"));
            onDone();
          },
          onError: (error: Error) => {
            if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
              form.setErrors(firstMessages(error.fieldErrors));
            } else {
              notify("red", error.message);
            }
          },
        };
        if (social) update.mutate({ id: social.id, ...input }, options);
        else create.mutate(input, options);
      })}
    >
      <Stack>
        <Select
          label={t("links.type")}
          withAsterisk
          allowDeselect={false}
          data={available.map((type) => ({ value: type, label: t(`links.types.${type}`) }))}
          {...form.getInputProps("type")}
        />
        <TextInput
          label={t(isEmail ? "links.email" : "links.url")}
          placeholder={t(isEmail ? "links.emailPlaceholder" : "links.urlPlaceholder")}
          type={isEmail ? "email" : "url"}
          withAsterisk
          data-autofocus
          {...form.getInputProps("url")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("links.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {t("links.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
