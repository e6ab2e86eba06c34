import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type MenuEditView, SOCIAL_TYPES, type SocialType } from "@stempla/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { useSaveMenuLinks } from "../api/banner-calls.ts";

// The menu's links (docs/decisions/009-digital-menu.md, sections 2 and 4): app registration,
// review and one of each social kind, shown at the foot of the guest page. One field per kind
// (empty = none), so the phone needs no dialog; the server checks them by the card's rules.

type Values = { registration_url: string; review_url: string; social: Record<SocialType, string> };

function initial(links: MenuEditView["links"]): Values {
  const social = Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ""])) as Record<SocialType, string>;
  for (const link of links.social_links) social[link.type] = link.url;
  return {
    registration_url: links.registration_url ?? "",
    review_url: links.review_url ?? "",
    social,
  };
}

export function LinksForm({ shopId, links }: { shopId: number; links: MenuEditView["links"] }) {
  const { t } = useTranslation("menu");
  const save = useSaveMenuLinks(shopId);
  const [values, setValues] = useState(() => initial(links));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (next: (all: Values) => Values) => {
    setValues(next);
    setSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const social = SOCIAL_TYPES.map((type) => ({ type, url: values.social[type].trim() })).filter(
      (link) => link.url !== "",
    );
    save.mutate(
      {
        registration_url: values.registration_url.trim() || null,
        review_url: values.review_url.trim() || null,
        social_links: social,
      },
      {
        onSuccess: (answer) => {
          // The stored form (an address trimmed, an e-mail in lower case) is what the form shows now.
          setValues(initial(answer.data));
          setSaved(true);
        },
        onError: (e) => {
          if (!(e instanceof ApiError) || Object.keys(e.fieldErrors).length === 0) {
            setFailure(e.message);
            return;
          }
          // "social_links.2.url" is about the third link sent: back to the field of its kind.
          const mapped: Record<string, string> = {};
          for (const [name, messages] of Object.entries(e.fieldErrors)) {
            const index = name.match(/^social_links\.(\d+)/)?.[1];
            const field = index === undefined ? name : (social[Number(index)]?.type ?? name);
            mapped[field] ??= messages[0] ?? "";
          }
          setErrors(mapped);
          const known = new Set<string>(["registration_url", "review_url", ...SOCIAL_TYPES]);
          const other = Object.entries(mapped).find(([field]) => !known.has(field));
          if (other) setFailure(other[1]);
        },
      },
    );
  };

  const isEmail = (type: SocialType) => type === "email";

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="menu-links-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="menu-links-title">
              {t("links.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("links.intro")}
            </Text>
          </div>
          <TextInput
            label={t("links.registration")}
            description={t("links.registrationHint")}
            placeholder="https://"
            type="url"
            value={values.registration_url}
            onChange={(e) => {
              const url = e.currentTarget.value;
              change((all) => ({ ...all, registration_url: url }));
            }}
            error={errors.registration_url}
          />
          <TextInput
            label={t("links.review")}
            description={t("links.reviewHint")}
            placeholder="https://"
            type="url"
            value={values.review_url}
            onChange={(e) => {
              const url = e.currentTarget.value;
              change((all) => ({ ...all, review_url: url }));
            }}
            error={errors.review_url}
          />
          <Title order={3} fz="md" mt="xs">
            {t("links.socialTitle")}
          </Title>
          <Text size="sm" c="dimmed" mt={-8}>
            {t("links.socialHint")}
          </Text>
          {SOCIAL_TYPES.map((type) => (
            <TextInput
              key={type}
              label={t(`links.types.${type}`)}
              placeholder={isEmail(type) ? t("links.emailPlaceholder") : "https://"}
              type={isEmail(type) ? "email" : "url"}
              value={values.social[type]}
              onChange={(e) => {
                const url = e.currentTarget.value;
                change((all) => ({ ...all, social: { ...all.social, [type]: url } }));
              }}
              error={errors[type]}
            />
          ))}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group gap="md" wrap="wrap">
            <Button type="submit" loading={save.isPending}>
              {t("links.save")}
            </Button>
            <Group gap={6} wrap="nowrap" role="status">
              {saved && <Icon name="check" size={18} color="var(--mantine-color-green-8)" />}
              <Text size="sm" fw={500}>
                {saved ? t("links.saved") : ""}
              </Text>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
