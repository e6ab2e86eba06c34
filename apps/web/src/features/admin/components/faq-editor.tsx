import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import {
  FAQ_AUDIENCES,
  FAQ_TOPICS,
  type FaqAdminEntry,
  type FaqEntryInput,
  faqAnswerBlocks,
  faqEntryInputSchema,
  type Locale,
} from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { FaqAnswer } from "../../../shared/ui/faq-answer.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { useSaveFaqEntry } from "../api/faq-calls.ts";
import { FaqPlaceholderHelp } from "./faq-placeholder-help.tsx";

const EMPTY: FaqEntryInput = {
  slug: "",
  topic: "getting-started",
  audience: "both",
  published: false,
  question_de: "",
  question_en: "",
  answer_de: "",
  answer_en: "",
};

const inputOf = (entry: FaqAdminEntry): FaqEntryInput => ({
  slug: entry.slug,
  topic: entry.topic,
  audience: entry.audience,
  published: entry.published,
  question_de: entry.question_de,
  question_en: entry.question_en,
  answer_de: entry.answer_de,
  answer_en: entry.answer_en,
});

/**
 * Creates or edits one FAQ entry: settings on top, German and English side by side (one below the
 * other on phones), each answer with a preview of what readers see after the conversion.
 */
export function FaqEditor({
  entry,
  onClose,
}: {
  /** The entry to edit; undefined for a new one. */
  entry: FaqAdminEntry | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin");
  const { t: faqT } = useTranslation("faq");
  const locale = useLocale();
  const phone = useMediaQuery("(max-width: 48em)");
  const save = useSaveFaqEntry();
  const form = useForm<FaqEntryInput>({
    mode: "controlled",
    initialValues: entry ? inputOf(entry) : EMPTY,
    validate: zodValidate(faqEntryInputSchema, locale),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...(entry ? { id: entry.id } : {}), input: faqEntryInputSchema.parse(values) },
      {
        onSuccess: () => {
          notify("green", t("faq.saved"));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            form.setErrors(firstMessages(error.fieldErrors));
          } else {
            form.setFieldError("_", error.message);
          }
        },
      },
    ),
  );

  const language = (lang: Locale) => (
    <Stack gap="sm" data-testid={`faq-editor-${lang}`}>
      <Title order={3} fz="md">
        {t(`faq.languages.${lang}`)}
      </Title>
      <TextInput label={t("faq.question")} withAsterisk {...form.getInputProps(`question_${lang}`)} />
      <Textarea
        label={t("faq.answer")}
        withAsterisk
        autosize
        minRows={6}
        maxRows={18}
        {...form.getInputProps(`answer_${lang}`)}
      />
      <Paper withBorder radius="md" p="sm" bg="gray.0" aria-label={t("faq.preview")}>
        <Text size="xs" fw={600} c="dimmed" mb={6}>
          {t("faq.preview")}
        </Text>
        {form.values[`answer_${lang}`].trim() ? (
          <FaqAnswer blocks={faqAnswerBlocks(form.values[`answer_${lang}`], lang)} />
        ) : (
          <Text size="sm" c="dimmed">
            {t("faq.previewEmpty")}
          </Text>
        )}
      </Paper>
    </Stack>
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={entry ? t("faq.editTitle") : t("faq.newTitle")}
      size={1100}
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("faq.close") }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t("faq.slug")}
              description={t("faq.slugHint")}
              // The hint below the field, so the four inputs of the row line up.
              inputWrapperOrder={["label", "input", "description", "error"]}
              withAsterisk
              {...form.getInputProps("slug")}
            />
            <NativeSelect
              label={t("faq.topic")}
              data={FAQ_TOPICS.map((topic) => ({ value: topic, label: faqT(`topics.${topic}`) }))}
              {...form.getInputProps("topic")}
            />
            <NativeSelect
              label={t("faq.audience")}
              data={FAQ_AUDIENCES.map((audience) => ({
                value: audience,
                label: t(`faq.audiences.${audience}`),
              }))}
              {...form.getInputProps("audience")}
            />
            <Switch
              label={t("faq.published")}
              mt={{ md: 30 }}
              {...form.getInputProps("published", { type: "checkbox" })}
            />
          </SimpleGrid>
          <Text size="sm" c="dark.6">
            {t("faq.markupHint")}
          </Text>
          <FaqPlaceholderHelp />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="xl">
            {language("de")}
            {language("en")}
          </SimpleGrid>
          {form.errors._ && (
            <Alert color="red" variant="light" role="alert">
              {form.errors._}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("faq.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("faq.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
