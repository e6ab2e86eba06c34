import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { MENU, type MenuBannerView, type MenuLocale } from "@stempla/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useCreateBanner, useDeleteBanner, useMoveBanner, useUpdateBanner } from "../api/banner-calls.ts";

// The menu's halfblock banners (docs/decisions/009-digital-menu.md, sections 2 and 6): a picture
// with a link, two side by side on the guest page above the menu's own list. A banner without a
// link is kept but never shown to guests, and the list says so beside it.

/** The languages the alt texts are edited in (de and en are offered for every location). */
const EDIT_LOCALES = ["de", "en"] as const;

const FILE_MB = MENU.fileBytes / (1024 * 1024);

/** The banner's words in the editor: its alt text in the page's language, else German, else any. */
function bannerAlt(banner: MenuBannerView, locale: MenuLocale): string {
  const texts = [banner.texts[locale], banner.texts.de, ...Object.values(banner.texts)];
  for (const text of texts) if (text?.alt) return text.alt;
  return "";
}

export function BannersPanel({ shopId, banners }: { shopId: number; banners: MenuBannerView[] }) {
  const { t } = useTranslation("menu");
  // undefined: no dialog; null: adding; a banner: editing it.
  const [editing, setEditing] = useState<MenuBannerView | null | undefined>(undefined);
  const full = banners.length >= MENU.maxBanners;

  return (
    <Stack gap="md" component="section" aria-labelledby="menu-banners-title">
      <div>
        <Title order={2} fz="lg" id="menu-banners-title">
          {t("banners.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("banners.intro")}
        </Text>
      </div>
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => setEditing(null)} disabled={full}>
          {t("banners.add")}
        </Button>
        {full && (
          <Text size="sm" c="dimmed">
            {t("banners.full", { max: MENU.maxBanners })}
          </Text>
        )}
      </Group>
      {banners.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">{t("banners.empty")}</Text>
        </Card>
      )}
      {banners.map((banner, index, all) => (
        <BannerRow
          key={banner.id}
          shopId={shopId}
          banner={banner}
          number={index + 1}
          first={index === 0}
          last={index === all.length - 1}
          onEdit={() => setEditing(banner)}
        />
      ))}
      {editing !== undefined && (
        <BannerForm shopId={shopId} banner={editing} onClose={() => setEditing(undefined)} />
      )}
    </Stack>
  );
}

/** One banner: its picture, its link (or that guests do not see it), and what can be done with it. */
function BannerRow({
  shopId,
  banner,
  number,
  first,
  last,
  onEdit,
}: {
  shopId: number;
  banner: MenuBannerView;
  number: number;
  first: boolean;
  last: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation("menu");
  const locale = useLocale();
  const move = useMoveBanner(shopId);
  const remove = useDeleteBanner(shopId);
  const [deleting, setDeleting] = useState(false);
  const alt = bannerAlt(banner, locale);
  // How the buttons name the banner for a screen reader: its alt text, else its number.
  const name = alt ? `„${alt}“` : t("banners.number", { number });
  const thumb = banner.image.urls[0];

  return (
    <Card withBorder radius="md" padding="sm" data-testid="menu-banner">
      <Group gap="md" align="flex-start" wrap="wrap">
        <Box w={{ base: "50%", xs: 160 }} style={{ flex: "none" }}>
          {thumb && (
            <Image
              src={thumb.url}
              alt={alt}
              radius="sm"
              w="100%"
              h="auto"
              style={{ aspectRatio: `${banner.image.width ?? 4} / ${banner.image.height ?? 3}` }}
            />
          )}
        </Box>
        <Stack gap={6} style={{ flex: "1 1 220px", minWidth: 0 }}>
          {banner.url ? (
            <Anchor
              href={banner.url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              data-testid="menu-banner-url"
              style={{ overflowWrap: "anywhere" }}
            >
              {banner.url}
            </Anchor>
          ) : (
            <Group gap={6} wrap="wrap">
              <SoftBadge color="orange">{t("banners.noUrlBadge")}</SoftBadge>
              <Text size="sm" fw={500}>
                {t("banners.noUrl")}
              </Text>
            </Group>
          )}
          <Text size="sm" c={alt ? undefined : "dimmed"} style={{ overflowWrap: "anywhere" }}>
            {alt ? t("banners.altShown", { alt }) : t("banners.noAlt")}
          </Text>
          <Group gap={6} wrap="wrap" mt={4}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("banners.up", { name })}
              disabled={first || move.isPending}
              onClick={() => move.mutate({ id: banner.id, direction: "up" })}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("banners.down", { name })}
              disabled={last || move.isPending}
              onClick={() => move.mutate({ id: banner.id, direction: "down" })}
            >
              ↓
            </ActionIcon>
            <Button
              variant="default"
              size="compact-md"
              onClick={onEdit}
              aria-label={t("banners.editOf", { name })}
            >
              {t("actions.edit")}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="compact-md"
              aria-label={t("banners.deleteOf", { name })}
              onClick={() => setDeleting(true)}
            >
              {t("actions.delete")}
            </Button>
          </Group>
          {move.isError && (
            <Text size="sm" c="red" role="alert">
              {move.error.message}
            </Text>
          )}
        </Stack>
      </Group>
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t("banners.deleteTitle")}
        closeButtonProps={{ "aria-label": t("close") }}
      >
        <Stack>
          <Text>{t("banners.deleteText", { name })}</Text>
          {remove.isError && (
            <Text c="red" role="alert">
              {remove.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t("cancel")}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(banner.id, { onSuccess: () => setDeleting(false) })}
            >
              {t("banners.deleteConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * Adding a banner (a picture is required) or changing one (a new picture is optional). The server
 * checks the picture by its content and size; its messages stand under the field they are about.
 */
function BannerForm({
  shopId,
  banner,
  onClose,
}: {
  shopId: number;
  banner: MenuBannerView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("menu");
  const create = useCreateBanner(shopId);
  const update = useUpdateBanner(shopId);
  const [url, setUrl] = useState(banner?.url ?? "");
  const [alts, setAlts] = useState(() =>
    Object.fromEntries(EDIT_LOCALES.map((l) => [l, banner?.texts[l]?.alt ?? ""])),
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** The first server message on a field or below it ("texts" also covers "texts.de.alt"). */
  const error = (field: string) => {
    for (const [name, messages] of Object.entries(errors)) {
      if (name === field || name.startsWith(`${field}.`)) return messages[0];
    }
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!banner && !file) {
      setErrors({ file: [t("form.fileRequired")] });
      return;
    }
    setErrors({});
    const fields = {
      url: url.trim(),
      texts: Object.fromEntries(EDIT_LOCALES.map((l) => [l, { alt: alts[l]!.trim() }])),
    };
    const fail = (e: Error) => {
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) setErrors(e.fieldErrors);
      else setFailure(e.message);
    };
    if (banner) update.mutate({ id: banner.id, fields, file }, { onSuccess: onClose, onError: fail });
    else if (file) create.mutate({ fields, file }, { onSuccess: onClose, onError: fail });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(banner ? "banners.editTitle" : "banners.addTitle")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FileInput
            label={t("banners.image")}
            description={t("banners.imageHint", { mb: FILE_MB })}
            placeholder={t(banner ? "banners.imageKeep" : "form.fileChoose")}
            accept="image/png,image/jpeg,image/webp"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ "aria-label": t("banners.imageClear") }}
            error={error("file")}
            withAsterisk={!banner}
          />
          <TextInput
            label={t("banners.url")}
            description={t("banners.urlHint")}
            placeholder="https://"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={error("url")}
          />
          {EDIT_LOCALES.map((l) => (
            <TextInput
              key={l}
              label={t("banners.alt", { language: t(`languages.${l}`) })}
              description={l === "de" ? t("banners.altHint") : undefined}
              value={alts[l]}
              maxLength={MENU.titleMaxChars}
              onChange={(e) => {
                const alt = e.currentTarget.value;
                setAlts((all) => ({ ...all, [l]: alt }));
              }}
              error={error(`texts.${l}`)}
            />
          ))}
          {error("texts") && !EDIT_LOCALES.some((l) => error(`texts.${l}`)) && (
            <Text size="sm" c="red">
              {error("texts")}
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
