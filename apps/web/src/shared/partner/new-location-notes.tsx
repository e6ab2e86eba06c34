import { Alert, Stack, Text } from "@mantine/core";
import { MINIMUM_MONTHLY_CENTS_PER_LOCATION } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../lib/formats.ts";

/** The minimum a location adds to the monthly invoice, as the page's language writes it. */
export const useLocationMinimum = (): string => useLocaleFormats().money(MINIMUM_MONTHLY_CENTS_PER_LOCATION);

/**
 * What creating a location means, said before it is confirmed (the wizard's confirmation and the
 * locations page): it costs at least the monthly minimum, and it gets a staff PIN
 * (docs/product.md, "Staff PIN") that is changed on the location's page.
 */
export function NewLocationNotes() {
  const { t } = useTranslation("locations");
  const minimum = useLocationMinimum();
  return (
    <Stack gap="xs">
      <Alert color="brand" variant="light" data-testid="location-cost-note">
        <Text size="sm" fw={600}>
          {t("adding.costNote", { minimum })}
        </Text>
      </Alert>
      <Text size="sm" c="dark.6" data-testid="location-pin-note">
        {t("adding.pinNote")}
      </Text>
    </Stack>
  );
}
