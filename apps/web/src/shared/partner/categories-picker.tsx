import { MultiSelect, Select, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../i18n/locale.ts";
import { useCategories } from "./partner-calls.ts";

export interface CategoryChoice {
  primary: number | null;
  secondary: number[];
}

/** One primary category and up to two more (spec section 5), from GET /categories. */
export function CategoriesPicker({
  value,
  onChange,
  errors,
}: {
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation("partner");
  const locale = useLocale();
  const categories = useCategories(locale);
  const options = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Stack>
      <Select
        label={t("categories.primary")}
        description={t("categories.primaryHint")}
        placeholder={t("categories.choose")}
        data={options}
        searchable
        withAsterisk
        nothingFoundMessage={t("categories.nothingFound")}
        value={value.primary ? String(value.primary) : null}
        error={errors["categories.primary"] ?? errors.categories}
        onChange={(id) =>
          onChange({
            primary: id ? Number(id) : null,
            secondary: value.secondary.filter((s) => String(s) !== id),
          })
        }
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t("categories.secondary")}
        description={t("categories.secondaryHint")}
        placeholder={value.secondary.length < 2 ? t("categories.choose") : undefined}
        data={options.filter((o) => o.value !== String(value.primary))}
        searchable
        maxValues={2}
        nothingFoundMessage={t("categories.nothingFound")}
        value={value.secondary.map(String)}
        error={errors["categories.secondary"]}
        onChange={(ids) => onChange({ ...value, secondary: ids.map(Number) })}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
