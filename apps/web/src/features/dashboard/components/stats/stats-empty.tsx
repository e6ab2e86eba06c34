import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../../shared/i18n/locale.ts";
import { paths } from "../../../../shared/paths.ts";
import { Icon } from "../../../../shared/ui/icons.tsx";

/** No scan yet in the selection: what will appear here, and where the QR code is. */
export function StatsEmpty({
  forLocation,
  onAllLocations,
}: {
  forLocation: boolean;
  onAllLocations: () => void;
}) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  return (
    <Card withBorder radius="lg" padding="xl" component="section" data-testid="stats-empty">
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <Icon name="scan" size={30} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {forLocation ? t("stats.empty.locationTitle") : t("stats.empty.title")}
        </Title>
        <Text c="dark.6">{forLocation ? t("stats.empty.locationText") : t("stats.empty.text")}</Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to={paths.locations(locale)}>
            {t("stats.empty.locations")}
          </Button>
          {forLocation && (
            <Button variant="default" onClick={onAllLocations}>
              {t("stats.empty.allLocations")}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
