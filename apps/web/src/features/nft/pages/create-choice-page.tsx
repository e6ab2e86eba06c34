import { Alert, Anchor, Button, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { NFT_TYPES, type NftType, platformFeeCents } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";
import { paths } from "../../../shared/paths.ts";
import { usePaymentProviderScript } from "../../../shared/payments/provider-script.ts";
import { Icon, type IconName } from "../../../shared/ui/icons.tsx";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { payoutAccountStatus } from "../api/offer-calls.ts";
import { formPath } from "../components/offer-paths.ts";

const ICONS: Record<NftType, IconName> = { coupon: "gift", voucher: "receipt", cash_voucher: "coin" };
/** The example prices the fee is shown for: a voucher of 25 € and a cash voucher of 50 €. */
const FEE_EXAMPLE_CENTS: Record<Exclude<NftType, "coupon">, number> = { voucher: 2500, cash_voucher: 5000 };

/**
 * Choosing what to create (the spec's nft/create; decision 010, section 8): a free coupon, a
 * voucher for a product or service, or a cash voucher. The paid kinds state the platform fee and
 * need an active payout account: it is checked first, and when it is not active the browser goes
 * to the onboarding address the server answers with (spec section 4, "Payment provider account").
 */
export default function CreateChoicePage() {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const format = useLocaleFormats();
  const navigate = useNavigate();
  useDocumentTitle(t("choice.title"));
  usePaymentProviderScript();
  const [checking, setChecking] = useState<NftType | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (type: NftType) => {
    if (type === "coupon") return navigate(formPath(locale, type));
    setFailure(null);
    setChecking(type);
    try {
      const status = await payoutAccountStatus();
      if (status.is_active) navigate(formPath(locale, type));
      else if (status.redirect_to) window.location.assign(status.redirect_to);
      else setFailure(t("choice.payoutUnavailable"));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setChecking(null);
    }
  };

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={1100}>
          <Anchor component={Link} to={paths.nft(locale)} size="sm">
            ← {t("back")}
          </Anchor>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("choice.title")}
            </Title>
            <Text c="dimmed">{t("choice.intro")}</Text>
          </div>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {NFT_TYPES.map((type) => (
              <Card key={type} withBorder radius="lg" padding="lg" data-testid={`nft-choice-${type}`}>
                <Stack gap="sm" h="100%">
                  <Icon name={ICONS[type]} size={32} aria-hidden color="var(--mantine-color-orange-8)" />
                  <Title order={2} fz="lg">
                    {t(`types.${type}`)}
                  </Title>
                  <Text size="sm">{t(`choice.${type}.text`)}</Text>
                  <List size="sm" spacing={4}>
                    {(t(`choice.${type}.points`, { returnObjects: true }) as string[]).map((point) => (
                      <List.Item key={point}>{point}</List.Item>
                    ))}
                  </List>
                  {type !== "coupon" && (
                    <Text size="sm" c="dark.5" data-testid="nft-fee">
                      {t("choice.fee", {
                        price: format.money(FEE_EXAMPLE_CENTS[type]),
                        fee: format.money(platformFeeCents(FEE_EXAMPLE_CENTS[type])),
                      })}
                    </Text>
                  )}
                  <Button
                    mt="auto"
                    onClick={() => void choose(type)}
                    loading={checking === type}
                    disabled={checking !== null && checking !== type}
                  >
                    {t(`choice.${type}.action`)}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t("choice.review")}
          </Text>
        </Stack>
      )}
    </PartnerLayout>
  );
}
