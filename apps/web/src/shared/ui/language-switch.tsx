import { Group } from "@mantine/core";
import { LOCALES, switchLocale } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { i18n } from "../i18n/i18n.ts";
import { useLocale } from "../i18n/locale.ts";
import classes from "./language-switch.module.css";

/** Links to the same page (and section) in the other language; real links, so crawlers follow them. */
export function LanguageSwitch() {
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <Group gap={2} className={classes.switch} role="group" aria-label={t("header.language")}>
      {LOCALES.map((value) => {
        const target = `${switchLocale(location.pathname, value)}${location.search}${location.hash}`;
        return (
          <Link
            key={value}
            to={target}
            className={classes.option}
            aria-current={value === locale ? "true" : undefined}
            hrefLang={value}
            lang={value}
            title={t(`languages.${value}`)}
            onClick={(event) => {
              // Load the other language's texts first, so the page never shows the old language
              // under the new URL; then follow the link.
              if (value === locale || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              // The target as rendered now: a server-rendered href lacks the hash (decision 012).
              void i18n.changeLanguage(value).then(() => navigate(target));
            }}
          >
            {value.toUpperCase()}
          </Link>
        );
      })}
    </Group>
  );
}
