import { Alert, Box, Grid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { type PartnerView, usePartner, useSaveCard } from "../api/card-calls.ts";
import { CardForm } from "../components/card-form.tsx";
import { CardPreview } from "../components/card-preview.tsx";
import { fromPartner } from "../components/card-values.ts";
import { LinksCard } from "../components/links-card.tsx";

export default function CardsPage() {
  const { t } = useTranslation("cards");
  useDocumentTitle(t("title"));
  const partner = usePartner();

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={1100}>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("title")}
            </Title>
            <Text c="dimmed">{t("intro")}</Text>
          </div>
          {partner.isPending && <Skeleton h={320} radius="lg" />}
          {partner.isError && (
            <Alert color="red" role="alert">
              {t("loadError")} {partner.error.message}
            </Alert>
          )}
          {partner.data && <CardEditor partner={partner.data} />}
        </Stack>
      )}
    </PartnerLayout>
  );
}

function CardEditor({ partner }: { partner: PartnerView }) {
  const { t } = useTranslation("cards");
  const save = useSaveCard(partner.id);
  const [values, setValues] = useState(() => fromPartner(partner));
  // Spec section 4: a live account that changes reviewed data goes to review (orange).
  const reviewNote = partner.status === "green" || partner.status === "orange" ? partner.status : undefined;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          {reviewNote && (
            <Alert color="orange" variant="light" data-testid="review-note">
              <Text size="sm" c="dark.8">
                {t(`review.${reviewNote}`)}
              </Text>
            </Alert>
          )}
          <CardForm
            partner={partner}
            pending={save.isPending}
            onChange={setValues}
            onSubmit={(input, fail) =>
              save.mutate(input, {
                onSuccess: (saved) =>
                  notify(
                    "green",
                    t(saved.status === "orange" && partner.status === "green" ? "savedReview" : "saved"),
                  ),
                onError: (error) => {
                  fail(error);
                  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) {
                    notify("red", error.message);
                  }
                },
              })
            }
          />
          <LinksCard socials={partner.socials} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Box pos={{ base: "static", md: "sticky" }} top={88} maw={380}>
          <CardPreview
            name={partner.public_name ?? partner.company_name}
            logo={partner.logo?.small}
            values={values}
          />
        </Box>
      </Grid.Col>
    </Grid>
  );
}
