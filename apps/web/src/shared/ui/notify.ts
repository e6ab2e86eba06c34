import { notifications } from "@mantine/notifications";
import { i18n } from "../i18n/i18n.ts";

/**
 * A short message in the dashboard's corner (the <Notifications /> of DashboardLayout). Its close
 * button gets a name, which Mantine leaves to the caller and axe requires.
 */
export function notify(color: "green" | "red", message: string) {
  notifications.show({
    color,
    message,
    closeButtonProps: { "aria-label": i18n.t("common:notification.close") },
  });
}
