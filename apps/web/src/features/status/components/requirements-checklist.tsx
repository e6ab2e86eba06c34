import { Anchor, Box, Card, Group, Progress, Text, ThemeIcon, Title } from "@mantine/core";
import { type Locale, SETUP_REQUIREMENTS, type SetupRequirement } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";

const companyPath = (locale: Locale) => paths.company(locale);

/** Where each missing requirement is fixed, and the label of that link. */
const FIX: Record<
  SetupRequirement,
  { to: (locale: Locale) => string; label: "company" | "location" | "card" }
> = {
  imprint: { to: companyPath, label: "company" },
  contact: { to: companyPath, label: "company" },
  billing: { to: companyPath, label: "company" },
  sepa: { to: companyPath, label: "company" },
  location: { to: (locale) => paths.locations(locale), label: "location" },
  card: { to: (locale) => paths.cards(locale), label: "card" },
};

/** The six things a partner provides before the review (spec section 4), each done or missing. */
export function RequirementsChecklist({ missing }: { missing: SetupRequirement[] }) {
  const { t } = useTranslation("status");
  const locale = useLocale();
  const total = SETUP_REQUIREMENTS.length;
  const done = total - missing.length;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="lg">
          {t("checklist.title")}
        </Title>
        <Text size="sm" c="dimmed" data-testid="checklist-progress">
          {missing.length === 0 ? t("checklist.allDone") : t("checklist.progress", { done, total })}
        </Text>
      </Group>
      <Progress
        value={(done / total) * 100}
        color={missing.length === 0 ? "green" : "brand"}
        size="sm"
        radius="xl"
        mt="sm"
        aria-hidden="true"
      />
      <Box component="ul" p={0} m={0} mt="md" style={{ listStyle: "none" }}>
        {SETUP_REQUIREMENTS.map((requirement) => {
          const open = missing.includes(requirement);
          const fix = FIX[requirement];
          return (
            <Box
              component="li"
              key={requirement}
              py="sm"
              style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
              data-testid={`requirement-${requirement}`}
              data-done={!open}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <ThemeIcon
                  radius="xl"
                  size={28}
                  color={open ? "gray" : "green.7"}
                  variant={open ? "outline" : "filled"}
                  aria-hidden="true"
                >
                  {open ? <Icon name="clock" size={16} /> : <Icon name="check" size={16} />}
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{t(`checklist.items.${requirement}.title`)}</Text>
                    <SoftBadge color={open ? "orange" : "green"}>
                      {t(open ? "checklist.missing" : "checklist.done")}
                    </SoftBadge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(`checklist.items.${requirement}.text`)}
                  </Text>
                  {open && (
                    <Anchor component={Link} to={fix.to(locale)} size="sm" fw={600}>
                      {t(`checklist.fix.${fix.label}`)} →
                    </Anchor>
                  )}
                </div>
              </Group>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
