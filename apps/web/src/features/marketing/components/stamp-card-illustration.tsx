import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/ui/icons.tsx";
import classes from "./stamp-card-illustration.module.css";

const STAMPS = 10;
const COLLECTED = 7;

/** The hero's picture of a stamp card in the app: drawn with CSS, so it costs no image download. */
export function StampCardIllustration() {
  const { t } = useTranslation("home");
  return (
    <div className={classes.wrap} aria-hidden="true">
      <div className={classes.phone}>
        <div className={classes.notch} />
        <div className={classes.card}>
          <div className={classes.cardHead}>
            <span className={classes.logo}>☕</span>
            <div>
              <div className={classes.cardTitle}>{t("illustration.shop")}</div>
              <div className={classes.cardSub}>{t("illustration.offer")}</div>
            </div>
          </div>
          <div className={classes.stamps}>
            {Array.from({ length: STAMPS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of stamp slots
              <span key={i} className={classes.stamp} data-filled={i < COLLECTED || undefined}>
                {i < COLLECTED && <Icon name="check" size={16} />}
              </span>
            ))}
          </div>
          <div className={classes.progress}>
            {t("illustration.progress", { collected: COLLECTED, total: STAMPS })}
          </div>
        </div>
        <div className={classes.scan}>
          <Icon name="scan" size={20} />
          <span>{t("illustration.scan")}</span>
        </div>
      </div>
    </div>
  );
}
