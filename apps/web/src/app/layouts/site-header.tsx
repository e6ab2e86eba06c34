import { Anchor, Box, Burger, Button, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { signOut, useSignedIn } from "../../shared/auth/auth-store.ts";
import { useLocale } from "../../shared/i18n/locale.ts";
import { HOME_SECTIONS, homeSection, paths } from "../../shared/paths.ts";
import { BrandLogo } from "../../shared/ui/brand-logo.tsx";
import { LanguageSwitch } from "../../shared/ui/language-switch.tsx";
import classes from "./site-header.module.css";

const MobileMenu = lazy(() => import("./mobile-menu.tsx"));

export function SiteHeader() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [opened, { toggle, close }] = useDisclosure(false);
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const logout = async () => {
    close();
    await signOut();
    navigate("/de");
  };
  // Spec section 2, header actions: login and register, or dashboard and logout when signed in.
  const actions = (fullWidth: boolean) =>
    signedIn ? (
      <>
        <Button component={Link} to={paths.dashboard(locale)} onClick={close} fullWidth={fullWidth}>
          {t("header.dashboard")}
        </Button>
        <Button variant="default" onClick={logout} fullWidth={fullWidth}>
          {t("header.logout")}
        </Button>
      </>
    ) : (
      <>
        <Button
          component={Link}
          to={paths.login(locale)}
          variant="default"
          onClick={close}
          fullWidth={fullWidth}
        >
          {t("header.login")}
        </Button>
        <Button component={Link} to={paths.register(locale)} onClick={close} fullWidth={fullWidth}>
          {t("header.register")}
        </Button>
      </>
    );
  // The phone menu's code loads on the first tap and stays mounted for its closing animation.
  const [menuLoaded, setMenuLoaded] = useState(false);

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
            {actions(false)}
          </Group>
          <Burger
            opened={opened}
            onClick={() => {
              setMenuLoaded(true);
              toggle();
            }}
            hiddenFrom="md"
            aria-label={t("header.menu")}
            aria-expanded={opened}
          />
        </Group>
      </Container>
      {menuLoaded && (
        <Suspense>
          <MobileMenu opened={opened} onClose={close} links={anchors} action={actions(true)} />
        </Suspense>
      )}
    </Box>
  );
}
