import { Alert, Stack, Text } from "@mantine/core";
import { MINIMUM_MONTHLY_CENTS_PER_LOCATION } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/auth-store.ts";
import { useLocaleFormats } from "../lib/formats.ts";

/** The minimum a location adds to the monthly invoice, as the page's language writes it. */
export const useLocationMinimum = (): string => useLocaleFormats().money(MINIMUM_MONTHLY_CENTS_PER_LOCATION);

/**
 * What creating a location means, said before it is confirmed (the wizard's confirmation and the
 * locations page): it costs at least the monthly minimum, and it gets a staff PIN
 * (docs/product.md, "Staff PIN") that is changed on the location's page. A franchisee is told that
 * only its own legal entity's locations belong here (docs/decisions/008-franchise-model.md,
 * section 3, "Locations").
 */
export function NewLocationNotes() {
  const { t } = useTranslation("locations");
  const minimum = useLocationMinimum();
  const auth = useAuth();
  const franchisee = auth.status === "signed-in" && auth.profile.company?.type === "slave";
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
      {franchisee && (
        <Text size="sm" c="dark.6" data-testid="location-entity-note">
          {t("adding.franchiseeNote")}
        </Text>
      )}
    </Stack>
  );
}
