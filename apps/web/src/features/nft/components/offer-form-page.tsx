import { Alert, Anchor, Skeleton, Stack, Text, Title } from "@mantine/core";
import { NFT_EDITABLE_STATES, type NftType } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { usePartnerProfile } from "../../../shared/partner/partner-calls.ts";
import { paths } from "../../../shared/paths.ts";
import { usePaymentProviderScript } from "../../../shared/payments/provider-script.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useLocationChoices } from "../api/location-choices.ts";
import { useIndustries, useOffer } from "../api/offer-calls.ts";
import { newOfferValues, storedOfferValues } from "../lib/offer-values.ts";
import { photoSources } from "../lib/photo.ts";
import { OfferForm } from "./offer-form.tsx";
import { editPath } from "./offer-paths.ts";

/** A whole number from the address, else null. */
const idParam = (text: string | null) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/**
 * The pages nft/create/coupon and nft/create/voucher (?type=voucher|cash_voucher): a new offer, or
 * with ?id= one that waits for the market, loaded for editing (decision 010, section 8).
 */
export function OfferFormPage({ form }: { form: "coupon" | "voucher" }) {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const [search] = useSearchParams();
  const id = idParam(search.get("id"));
  const askedType: NftType =
    form === "coupon" ? "coupon" : search.get("type") === "cash_voucher" ? "cash_voucher" : "voucher";
  const offer = useOffer(id);
  const type = offer.data?.type ?? askedType;
  useDocumentTitle(t(id === null ? `form.title.${type}` : `form.editTitle.${type}`));
  usePaymentProviderScript();

  return (
    <PartnerLayout>
      {(_profile, company) => (
        <Stack gap="lg" maw={1200}>
          <Anchor component={Link} to={id === null ? paths.nftCreate(locale) : paths.nft(locale)} size="sm">
            ← {t(id === null ? "form.backToChoice" : "back")}
          </Anchor>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t(id === null ? `form.title.${type}` : `form.editTitle.${type}`)}
            </Title>
            <Text c="dimmed">{t(`form.intro.${type}`)}</Text>
          </div>
          {offer.isError && (
            <Alert color="red" role="alert">
              {offer.error instanceof ApiError && offer.error.status === 404
                ? t("form.notFound")
                : offer.error.message}
            </Alert>
          )}
          {id !== null && offer.isPending && <Skeleton h={480} radius="lg" />}
          {(id === null || offer.data) && (
            <FormLoader
              id={id}
              type={type}
              master={company.type === "master"}
              companyName={company.name}
              offer={offer.data ?? null}
              wrongPage={offer.data !== undefined && (offer.data.type === "coupon") !== (form === "coupon")}
            />
          )}
        </Stack>
      )}
    </PartnerLayout>
  );
}

function FormLoader({
  id,
  type,
  master,
  companyName,
  offer,
  wrongPage,
}: {
  id: number | null;
  type: NftType;
  master: boolean;
  companyName: string;
  offer: ReturnType<typeof useOffer>["data"] | null;
  wrongPage: boolean;
}) {
  const { t } = useTranslation("nft");
  const locale = useLocale();
  const industries = useIndustries(locale);
  const partner = usePartnerProfile();
  const locations = useLocationChoices(master);
  const error = industries.error ?? partner.error ?? locations.error;

  // An offer opened on the other form's address goes to its own form.
  if (offer && wrongPage) return <Navigate to={editPath(locale, offer)} replace />;
  if (offer && !(NFT_EDITABLE_STATES as readonly string[]).includes(offer.state))
    return (
      <Alert color="orange" role="alert" data-testid="nft-not-editable">
        {t("form.notEditable")}
      </Alert>
    );
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (!industries.data || !partner.data || !locations.data) return <Skeleton h={480} radius="lg" />;

  const primary = partner.data.categories.primary;
  const initial = offer
    ? storedOfferValues(offer, locale)
    : newOfferValues(
        type,
        industries.data.some((i) => i.id === primary) ? primary : null,
        // A new offer names the partner's own locations; a master adds its franchisees' by choice.
        locations.data.filter((l) => l.company === null).map((l) => l.id),
      );
  return (
    <OfferForm
      key={`${id ?? "new"}-${type}`}
      offerId={id}
      initial={initial}
      currentPhoto={photoSources(offer?.photo)?.src ?? null}
      industries={industries.data}
      locations={locations.data}
      partnerName={partner.data.public_name ?? companyName}
    />
  );
}
