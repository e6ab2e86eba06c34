import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  ADDITIVE_CODES,
  ADDITIVES,
  ALLERGEN_CODES,
  ALLERGENS,
  MENU,
  MENU_LOCALES,
  type MenuItemKind,
  type MenuItemView,
  type MenuLocale,
} from "@stempla/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useCreateItem, useMenu, useUpdateItem } from "../api/menu-calls.ts";

/**
 * The languages an item's texts are edited in: those the location offers (GET /dashboard/menu's
 * offered_locales: fr and it for some locations, no de for a DE-blocked one; decision 009,
 * section 1), in MENU_LOCALES' order; de and en until the menu has loaded.
 */
export function editLocalesOf(offered: readonly MenuLocale[] | undefined): MenuLocale[] {
  if (!offered || offered.length === 0) return ["de", "en"];
  return MENU_LOCALES.filter((l) => offered.includes(l));
}

/** The numbers of the file hints, from the limits the server checks. */
const FILE_HINT = {
  mb: MENU.fileBytes / (1024 * 1024),
  width: MENU.recommendedImage.width,
  height: MENU.recommendedImage.height,
};

/** "12,50" or "12.50" -> 1250; "" -> null; anything else -> undefined (invalid). */
export function priceCents(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const match = trimmed.match(/^(\d{1,6})(?:[.,](\d{1,2}))?$/);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const priceText = (cents: number | null) =>
  cents === null ? "" : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;

/**
 * Adding an item of a kind, or changing one: texts in the location's languages, the link, a dish's price,
 * allergens and additives, a photo's or PDF's file. The server's field messages (a file too large,
 * not a PDF, a missing title) stand under the field they are about.
 */
export function ItemForm({
  shopId,
  tableId,
  kind,
  item,
  onClose,
}: {
  shopId: number;
  /** A new item goes to this table's list; without it, to the menu's own. */
  tableId?: number;
  kind: MenuItemKind;
  item: MenuItemView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("menu");
  const locale = useLocale();
  const create = useCreateItem(shopId, tableId);
  const update = useUpdateItem(shopId);
  const editLocales = editLocalesOf(useMenu(shopId).data?.offered_locales);
  // The field that shows a message about the texts as a whole: the page's language, else the first.
  const mainLocale = editLocales.includes(locale) ? locale : editLocales[0];
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(
      MENU_LOCALES.map((l) => [l, { title: item?.texts[l]?.title ?? "", body: item?.texts[l]?.body ?? "" }]),
    ),
  );
  const [url, setUrl] = useState(item?.url ?? "");
  const [price, setPrice] = useState(priceText(item?.price_cents ?? null));
  const [allergens, setAllergens] = useState<string[]>(item?.allergens ?? []);
  const [additives, setAdditives] = useState<string[]>(item?.additives ?? []);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const hasFile = kind === "photo" || kind === "pdf";

  /** The first server message on a field or below it ("texts" also covers "texts.de.title"). */
  const error = (...fields: string[]) => {
    for (const [name, messages] of Object.entries(errors)) {
      if (fields.some((f) => name === f || name.startsWith(`${f}.`))) return messages[0];
    }
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const cents = priceCents(price);
    if (kind === "dish" && cents === undefined) {
      setErrors({ price_cents: [t("form.priceInvalid")] });
      return;
    }
    if (hasFile && !item && !file) {
      setErrors({ file: [t("form.fileRequired")] });
      return;
    }
    setErrors({});
    const input = {
      // Texts in a language the location does not offer (any more) are kept as they are.
      texts: {
        ...item?.texts,
        ...Object.fromEntries(
          editLocales.map((l) => [l, { title: texts[l]!.title.trim(), body: texts[l]!.body.trim() }]),
        ),
      },
      ...(kind === "link" ? { url: url.trim() } : {}),
      ...(kind === "dish" ? { price_cents: cents ?? null, allergens, additives } : {}),
    } as Parameters<typeof update.mutate>[0]["input"];
    const fail = (e: Error) => {
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) setErrors(e.fieldErrors);
      else setFailure(e.message);
    };
    if (item) update.mutate({ id: item.id, input, file }, { onSuccess: onClose, onError: fail });
    else create.mutate({ input: { kind, ...input }, file }, { onSuccess: onClose, onError: fail });
  };

  const fileError = error("file");
  const textsError = error("texts");

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(item ? "form.editTitle" : "form.addTitle", { kind: t(`kinds.${kind}`) })}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {hasFile && (
            <FileInput
              label={t(kind === "photo" ? "form.photo" : "form.pdf")}
              description={t(kind === "photo" ? "form.photoHint" : "form.pdfHint", FILE_HINT)}
              placeholder={t(item ? "form.fileKeep" : "form.fileChoose")}
              accept={kind === "photo" ? "image/png,image/jpeg,image/webp" : "application/pdf"}
              value={file}
              onChange={setFile}
              clearable
              error={fileError}
              withAsterisk={!item}
            />
          )}
          {editLocales.map((l) => (
            <Stack key={l} gap="xs">
              <TextInput
                label={t(kind === "section" ? "form.heading" : kind === "dish" ? "form.name" : "form.title", {
                  language: t(`languages.${l}`),
                })}
                value={texts[l]!.title}
                onChange={(e) => {
                  const title = e.currentTarget.value;
                  setTexts((all) => ({ ...all, [l]: { ...all[l]!, title } }));
                }}
                error={error(`texts.${l}.title`) ?? (l === mainLocale ? textsError : undefined)}
              />
              {kind !== "section" && (
                <Textarea
                  label={t(kind === "dish" ? "form.description" : "form.body", {
                    language: t(`languages.${l}`),
                  })}
                  autosize
                  minRows={2}
                  value={texts[l]!.body}
                  onChange={(e) => {
                    const body = e.currentTarget.value;
                    setTexts((all) => ({ ...all, [l]: { ...all[l]!, body } }));
                  }}
                  error={error(`texts.${l}.body`)}
                />
              )}
            </Stack>
          ))}
          {kind === "link" && (
            <TextInput
              label={t("form.url")}
              placeholder="https://"
              type="url"
              withAsterisk
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={error("url")}
            />
          )}
          {kind === "dish" && (
            <>
              <TextInput
                label={t("form.price")}
                description={t("form.priceHint")}
                inputMode="decimal"
                w={180}
                value={price}
                onChange={(e) => setPrice(e.currentTarget.value)}
                error={error("price_cents")}
              />
              <MultiSelect
                label={t("form.allergens")}
                data={ALLERGEN_CODES.map((code) => ({ value: code, label: ALLERGENS[code][locale] }))}
                value={allergens}
                onChange={setAllergens}
                searchable
                clearable
                error={error("allergens")}
              />
              <MultiSelect
                label={t("form.additives")}
                data={ADDITIVE_CODES.map((code) => ({ value: code, label: ADDITIVES[code][locale] }))}
                value={additives}
                onChange={setAdditives}
                searchable
                clearable
                error={error("additives")}
              />
            </>
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
            <Button type="submit" loading={pending}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
