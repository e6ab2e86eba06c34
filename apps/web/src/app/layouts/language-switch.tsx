import { SegmentedControl } from "@mantine/core";
import { isLocale, LOCALES, switchLocale } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useLocale } from "../../shared/i18n/locale.ts";

/** Switches between German and English and stays on the same page (and section). */
export function LanguageSwitch() {
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={locale}
      aria-label={t("header.language")}
      data={LOCALES.map((value) => ({ value, label: value.toUpperCase(), title: t(`languages.${value}`) }))}
      onChange={(value) => {
        if (isLocale(value) && value !== locale) {
          navigate(`${switchLocale(location.pathname, value)}${location.search}${location.hash}`);
        }
      }}
    />
  );
}
