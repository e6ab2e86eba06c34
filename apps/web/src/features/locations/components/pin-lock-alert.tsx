import { Alert, Anchor, Text } from "@mantine/core";
import { berlinDateTimeText, type Locale, STAFF_PIN } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";

/** Where the PIN form starts; the warning links to it. */
export const PIN_FORM_ANCHOR = "pin";

/** The lock's end in German time, as the partner's mail gives it ("25.11.2026, 14:05"). */
export function formatLockEnd(iso: string, locale: Locale): string {
  return berlinDateTimeText(new Date(iso), locale);
}

/**
 * Shown while too many wrong staff PINs lock the location's PIN (docs/product.md, "Staff PIN"):
 * until when, what it stops, and that a new PIN lifts it at once.
 */
export function PinLockAlert({ lockedUntil }: { lockedUntil: string }) {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  return (
    <Alert color="red" variant="light" role="alert" title={t("pinLock.title")} data-testid="pin-lock-alert">
      <Text size="sm">
        {t("pinLock.text", {
          count: STAFF_PIN.locationFailures,
          hours: STAFF_PIN.locationWindowMinutes / 60,
          until: formatLockEnd(lockedUntil, locale),
        })}
      </Text>
      <Text size="sm" mt="xs">
        {t("pinLock.hint")}{" "}
        <Anchor
          component="button"
          type="button"
          inherit
          underline="always"
          fw={600}
          // The text's own dark colour: the link red on the alert's red tint misses AA contrast.
          c="dark.8"
          // A scroll, not a #hash link: the router would treat a new hash as a navigation.
          onClick={() => {
            const form = document.getElementById(PIN_FORM_ANCHOR);
            form?.scrollIntoView({ behavior: "smooth", block: "start" });
            form?.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
          }}
        >
          {t("pinLock.action")}
        </Anchor>
      </Text>
    </Alert>
  );
}
