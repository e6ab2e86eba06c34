import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../shared/i18n/locale.ts";
import { HOME_SECTIONS, homeSection, paths } from "../../shared/paths.ts";
import { BrandLogo } from "./brand-logo.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import classes from "./site-header.module.css";

export function SiteHeader() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [opened, { toggle, close }] = useDisclosure(false);

  const anchors = HOME_SECTIONS.map((id) => (
    <Anchor key={id} component={Link} to={homeSection(locale, id)} className={classes.link} onClick={close}>
      {t(`header.anchors.${id}`)}
    </Anchor>
  ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.home(locale)}
            underline="never"
            aria-label={t("header.homeLabel")}
          >
            <BrandLogo />
          </Anchor>
          <Group component="nav" gap="lg" visibleFrom="md" aria-label={t("header.navLabel")}>
            {anchors}
          </Group>
          <Group gap="sm" wrap="nowrap" visibleFrom="md">
            <LanguageSwitch />
            <Button component={Link} to={`${paths.contactUs(locale)}?topic=sales`}>
              {t("header.becomePartner")}
            </Button>
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label={t("header.menu")} />
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="xs"
        title={<BrandLogo size={26} />}
        hiddenFrom="md"
        closeButtonProps={{ "aria-label": t("header.closeMenu") }}
      >
        <Stack gap="md" component="nav" aria-label={t("header.navLabel")}>
          {anchors}
          <Divider />
          <LanguageSwitch />
          <Button component={Link} to={`${paths.contactUs(locale)}?topic=sales`} onClick={close} fullWidth>
            {t("header.becomePartner")}
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}
