import { Stack, Text } from "@mantine/core";
import { conditionsText, describeReward } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import classes from "./card-preview.module.css";
import { type CardValues, previewConditions } from "./card-values.ts";

/** Stamps already collected in the preview, so the partner sees filled and empty slots. */
const SHOWN_VISITS = 3;

/** The card as the end-customer app shows it, drawn from the form's current values. */
export function CardPreview({ name, logo, values }: { name: string; logo?: string; values: CardValues }) {
  const { t } = useTranslation("cards");
  const locale = useLocale();
  const points =
    typeof values.points === "number" && values.points >= 2 && values.points <= 20 ? values.points : 10;
  const collected = Math.min(SHOWN_VISITS, points - 1);
  // The same words the app and the staff read (packages/domain/src/card/conditions-text.ts).
  const conditions = conditionsText(previewConditions(values), locale);
  // "Every 11th coffee free": the promise in words, unless the offer already says it.
  const offer = values.description.trim();
  const promise = describeReward(points, offer, locale);

  return (
    <Stack gap="xs" data-testid="card-preview">
      <Text fw={700}>{t("preview.title")}</Text>
      <div className={classes.card}>
        <div className={classes.head}>
          {logo ? (
            <img className={classes.logo} src={logo} alt="" />
          ) : (
            <span className={classes.logo} aria-hidden="true">
              {name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <span className={classes.name}>{name}</span>
        </div>
        <p className={classes.offer}>{offer || t("preview.noOffer")}</p>
        {promise !== offer && (
          <p className={classes.promise} data-testid="card-promise">
            {promise}
          </p>
        )}
        <div className={classes.stamps} aria-hidden="true">
          {Array.from({ length: points }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of stamp slots
            <span key={i} className={classes.stamp} data-filled={i < collected || undefined}>
              {i < collected && <Icon name="check" size={16} />}
            </span>
          ))}
          <span className={classes.stamp} data-reward title={t("preview.reward")}>
            <Icon name="gift" size={18} />
          </span>
        </div>
        <div className={classes.progress}>{t("preview.stamps", { count: collected, total: points })}</div>
        {conditions.length > 0 && (
          <ul className={classes.conditions}>
            {conditions.map((c) => (
              <li key={String(c)}>{c}</li>
            ))}
          </ul>
        )}
      </div>
      <Text size="xs" c="dimmed">
        {t("preview.caption", { count: collected })}
      </Text>
    </Stack>
  );
}
