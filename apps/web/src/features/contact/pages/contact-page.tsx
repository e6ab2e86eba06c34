import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Grid,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  CONTACT_TOPICS,
  type ContactMessageInput,
  type ContactTopic,
  contactMessageSchema,
} from "@stempla/domain";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { telHref } from "../../../shared/api/provider.ts";
import { useProvider } from "../../../shared/api/provider-query.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { firstMessages, zodValidate } from "../../../shared/lib/zod-form.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { PageHero } from "../../../shared/ui/page-hero.tsx";
import { PhoneInput } from "../../../shared/ui/phone-input.tsx";
import { useSendContactMessage } from "../api/send-contact-message.ts";

type FormValues = Omit<ContactMessageInput, "topic" | "privacy_accepted"> & {
  topic: ContactTopic | "";
  privacy_accepted: boolean;
};

export default function ContactPage() {
  const { t } = useTranslation("contact");
  const locale = useLocale();
  const provider = useProvider();
  const [searchParams] = useSearchParams();
  const initialTopic = CONTACT_TOPICS.find((topic) => topic === searchParams.get("topic")) ?? "";
  const send = useSendContactMessage();
  const [sentId, setSentId] = useState<number>();

  const form = useForm<FormValues>({
    mode: "uncontrolled",
    initialValues: {
      name: "",
      email: "",
      company: "",
      phone: "",
      topic: initialTopic,
      message: "",
      privacy_accepted: false,
    },
    validate: zodValidate(contactMessageSchema, locale),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    send.mutate(values as ContactMessageInput, {
      onSuccess: ({ id }) => {
        setSentId(id);
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstMessages(error.fieldErrors));
      },
    });
  });

  // Field errors show on their fields; anything else (network, rate limit) above the button.
  const generalError =
    send.error && !(send.error instanceof ApiError && Object.keys(send.error.fieldErrors).length > 0)
      ? send.error.message
      : undefined;

  return (
    <>
      <PageHero title={t("hero.title")} text={t("hero.text")} />
      <Container size="lg" py={56}>
        <Grid gap={40}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="lg" padding="xl">
              {sentId !== undefined ? (
                <Alert color="green" variant="light" title={t("form.successTitle")} role="status">
                  <Stack gap="sm">
                    <Text>{t("form.successText", { id: sentId })}</Text>
                    <Button
                      variant="light"
                      color="green"
                      onClick={() => setSentId(undefined)}
                      w="fit-content"
                    >
                      {t("form.another")}
                    </Button>
                  </Stack>
                </Alert>
              ) : (
                <form onSubmit={submit} noValidate>
                  <Stack gap="md">
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        label={t("form.name")}
                        autoComplete="name"
                        withAsterisk
                        key={form.key("name")}
                        {...form.getInputProps("name")}
                      />
                      <TextInput
                        label={t("form.email")}
                        type="email"
                        autoComplete="email"
                        withAsterisk
                        key={form.key("email")}
                        {...form.getInputProps("email")}
                      />
                      <TextInput
                        label={t("form.company")}
                        autoComplete="organization"
                        key={form.key("company")}
                        {...form.getInputProps("company")}
                      />
                      <PhoneInput
                        label={t("form.phone")}
                        key={form.key("phone")}
                        {...form.getInputProps("phone")}
                      />
                    </SimpleGrid>
                    <Select
                      label={t("form.topic")}
                      placeholder={t("form.topicPlaceholder")}
                      withAsterisk
                      allowDeselect={false}
                      data={CONTACT_TOPICS.map((value) => ({ value, label: t(`topics.${value}`) }))}
                      key={form.key("topic")}
                      {...form.getInputProps("topic")}
                    />
                    <Textarea
                      label={t("form.message")}
                      withAsterisk
                      autosize
                      minRows={5}
                      maxRows={14}
                      key={form.key("message")}
                      {...form.getInputProps("message")}
                    />
                    <Checkbox
                      label={
                        <Trans
                          t={t}
                          i18nKey="form.privacy"
                          components={{
                            privacy: (
                              <Anchor
                                component={Link}
                                to={paths.privacy(locale)}
                                inherit
                                underline="always"
                              />
                            ),
                          }}
                        />
                      }
                      key={form.key("privacy_accepted")}
                      {...form.getInputProps("privacy_accepted", { type: "checkbox" })}
                    />
                    {generalError && (
                      <Alert color="red" variant="light" role="alert">
                        {generalError}
                      </Alert>
                    )}
                    <Button type="submit" loading={send.isPending} size="md" w={{ base: "100%", sm: "auto" }}>
                      {t("form.submit")}
                    </Button>
                  </Stack>
                </form>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              {(["phone", "mail", "help"] as const).map((icon) => (
                <Card key={icon} withBorder radius="lg" padding="lg">
                  <Stack gap={6}>
                    <ThemeIcon size={40} radius="md" variant="light">
                      <Icon name={icon} />
                    </ThemeIcon>
                    <Title order={2} fz="lg">
                      {t(`side.${icon}.title`)}
                    </Title>
                    <Text c="dimmed" fz="sm">
                      {t(`side.${icon}.text`)}
                    </Text>
                    {icon === "phone" && provider.data && (
                      <Anchor href={telHref(provider.data.phone)} fz="sm" fw={600}>
                        {provider.data.phone}
                      </Anchor>
                    )}
                    {icon === "mail" && provider.data && (
                      <Anchor href={`mailto:${provider.data.support_email}`} fz="sm" fw={600}>
                        {provider.data.support_email}
                      </Anchor>
                    )}
                    {icon === "help" && (
                      <Anchor component={Link} to={paths.faq(locale)} fz="sm" fw={600}>
                        {t("side.help.link")}
                      </Anchor>
                    )}
                  </Stack>
                </Card>
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
