import { Divider, Drawer, Stack } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
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
  // This component mounts with the first opening, once its chunk has arrived. Mounted open, the
  // drawer (whose portal appears a render later) would be there at once that first time and slide
  // in only later; and Mantine learns of a visitor's reduced motion only in an effect after the
  // first render. Closed for the first frame, the drawer slides every time (or never, for such a
  // visitor); later openings and closings follow `opened` at once.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Drawer
      opened={ready && opened}
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
