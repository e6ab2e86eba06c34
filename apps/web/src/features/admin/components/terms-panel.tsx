import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  berlinDay,
  CONTRACT,
  earliestTermsEffectiveDay,
  type TermsAnnouncement,
  termsAnnouncementSchema,
  translate,
} from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import {
  type TermsVersionRow,
  useAnnounceTerms,
  useTermsObjections,
  useTermsVersions,
} from "../api/terms-calls.ts";
import { useFormats } from "./formats.ts";
import { ObjectionCard } from "./terms-objections.tsx";

/**
 * The console's terms tab (docs/product.md, "Terms and records"): the objections to handle, the
 * announcement of a new version, and every version with how many partners accepted it.
 */
export function TermsPanel() {
  const { t } = useTranslation("terms");
  const objections = useTermsObjections();
  const open = objections.data?.filter((o) => !o.handled_at) ?? [];
  const handled = objections.data?.filter((o) => o.handled_at) ?? [];
  const today = berlinDay(new Date());
  // One change at a time (the server answers 409 otherwise): while one is pending, no form.
  const pending = useTermsVersions().data?.find((v) => v.announced_at && v.valid_from > today);

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" maw={760}>
        {t("console.intro", { weeks: CONTRACT.termsChangeObjectionWeeks })}
      </Text>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t("console.objections.title")}
        </Title>
        {objections.isPending && <Skeleton h={80} radius="md" />}
        {objections.isError && (
          <Alert color="red" role="alert">
            {objections.error.message}
          </Alert>
        )}
        {objections.data && open.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="no-open-objections">
            {t("console.objections.noneOpen")}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {open.map((objection) => (
            <ObjectionCard key={objection.id} objection={objection} />
          ))}
        </SimpleGrid>
        {handled.length > 0 && (
          <details>
            <summary style={{ cursor: "pointer" }}>
              <Text span size="sm" fw={600}>
                {t("console.objections.handled", { count: handled.length })}
              </Text>
            </summary>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="sm">
              {handled.map((objection) => (
                <ObjectionCard key={objection.id} objection={objection} />
              ))}
            </SimpleGrid>
          </details>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {pending ? <PendingChange version={pending} /> : <AnnounceForm />}
        <VersionList />
      </SimpleGrid>
    </Stack>
  );
}

function PendingChange({ version }: { version: TermsVersionRow }) {
  const { t } = useTranslation("terms");
  const format = useFormats();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="terms-pending">
      <Title order={2} fz="lg">
        {t("console.announce.title")}
      </Title>
      <Text size="sm" mt="sm">
        {t("console.announce.pending", { version: version.version, date: format.day(version.valid_from) })}
      </Text>
    </Card>
  );
}

function AnnounceForm() {
  const { t } = useTranslation("terms");
  const locale = useLocale();
  const format = useFormats();
  const announce = useAnnounceTerms();
  const earliest = earliestTermsEffectiveDay(berlinDay(new Date()));
  const schemaCheck = zodValidate(termsAnnouncementSchema, locale);
  const form = useForm<TermsAnnouncement>({
    mode: "controlled",
    initialValues: { version: "", valid_from: earliest, summary_de: "", summary_en: "" },
    validate: (values) => {
      const errors = schemaCheck(values);
      // The same rule the server applies (spec section 9), so the field says it before sending.
      if (!errors.valid_from && values.valid_from < earliest) {
        errors.valid_from = translate("terms.validFromTooEarly", locale);
      }
      return errors;
    },
  });

  // mutateAsync: once announced, this form gives way to the pending note (it unmounts), and the
  // per-call callbacks of mutate() would not run any more.
  const submit = form.onSubmit(async (values) => {
    try {
      const data = await announce.mutateAsync(termsAnnouncementSchema.parse(values));
      notify("green", t("console.announce.done", { count: data.mailed }));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        form.setErrors(firstMessages(error.fieldErrors));
      } else {
        form.setFieldError("_", (error as Error).message);
      }
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form noValidate onSubmit={submit} data-testid="terms-announce">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t("console.announce.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("console.announce.text", { date: format.day(earliest) })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t("console.announce.version")}
              description={t("console.announce.versionHint")}
              withAsterisk
              maxLength={30}
              {...form.getInputProps("version")}
            />
            <TextInput
              type="date"
              label={t("console.announce.validFrom")}
              description={t("console.announce.validFromHint", { weeks: CONTRACT.termsChangeObjectionWeeks })}
              withAsterisk
              min={earliest}
              {...form.getInputProps("valid_from")}
            />
          </SimpleGrid>
          <Textarea
            label={t("console.announce.summaryDe")}
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps("summary_de")}
          />
          <Textarea
            label={t("console.announce.summaryEn")}
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps("summary_en")}
          />
          {form.errors._ && (
            <Alert color="red" variant="light" role="alert">
              {form.errors._}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={announce.isPending}>
              {t("console.announce.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function VersionList() {
  const { t } = useTranslation("terms");
  const { i18n } = useTranslation();
  const format = useFormats();
  const versions = useTermsVersions();
  const today = berlinDay(new Date());

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t("console.versions.title")}
      </Title>
      {versions.isPending && <Skeleton h={80} radius="md" />}
      {versions.isError && (
        <Alert color="red" role="alert">
          {versions.error.message}
        </Alert>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {versions.data?.map((v) => (
          <Paper component="li" key={v.id} withBorder radius="md" p="sm" data-testid="terms-version">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fw={600}>{t("console.versions.version", { version: v.version })}</Text>
              <SoftBadge color={v.valid_from > today ? "orange" : "green"}>
                {t(v.valid_from > today ? "console.versions.pending" : "console.versions.inForce", {
                  date: format.day(v.valid_from),
                })}
              </SoftBadge>
            </Group>
            <Text size="sm" mt={4} style={{ whiteSpace: "pre-line" }}>
              {i18n.language === "en" ? v.summary_en : v.summary_de}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {[
                v.announced_at
                  ? t("console.versions.announced", { at: format.dateTime(v.announced_at) })
                  : t("console.versions.initial"),
                t("console.versions.counts", { accepted: v.accepted, objections: v.objections }),
              ].join(" · ")}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
