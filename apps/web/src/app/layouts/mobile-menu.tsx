import { Divider, Drawer, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandLogo } from "../../shared/ui/brand-logo.tsx";
import { LanguageSwitch } from "../../shared/ui/language-switch.tsx";

/** The phone menu; a chunk of its own, loaded when first opened (it brings the drawer's scroll lock). */
export default function MobileMenu({
  opened,
  onClose,
  links,
  action,
}: {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={<BrandLogo size={26} />}
      closeButtonProps={{ "aria-label": t("header.closeMenu") }}
    >
      <Stack gap="md" component="nav" aria-label={t("header.navLabel")}>
        {links}
        <Divider />
        <LanguageSwitch />
        {action}
      </Stack>
    </Drawer>
  );
}
