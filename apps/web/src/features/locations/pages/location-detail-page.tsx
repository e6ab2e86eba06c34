import { Alert, Anchor, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../../shared/api/client.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import { useLocation, useUpdateLocation } from "../api/location-calls.ts";
import { LocationForm } from "../components/location-form.tsx";
import { PinForm } from "../components/pin-form.tsx";
import { PinLockAlert } from "../components/pin-lock-alert.tsx";
import { QrCard } from "../components/qr-card.tsx";

export default function LocationDetailPage() {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const id = Number(useParams().id);
  const location = useLocation(id);
  const update = useUpdateLocation(id);
  useDocumentTitle(location.data?.name ?? t("title"));

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={960}>
          <Anchor component={Link} to={paths.locations(locale)} size="sm">
            ← {t("back")}
          </Anchor>
          {location.isPending && <Skeleton h={240} radius="lg" />}
          {location.isError && (
            <Alert color="red" role="alert">
              {location.error instanceof ApiError && location.error.status === 404
                ? t("notFound")
                : location.error.message}
            </Alert>
          )}
          {location.data && (
            <>
              <div>
                <Title order={1} fz={{ base: 24, sm: 30 }}>
                  {location.data.name}
                </Title>
                <Text c="dimmed">{location.data.address}</Text>
                <Anchor component={Link} to={paths.digitalMenuManage(locale, { id: location.data.id })}>
                  {t("digitalMenu")}
                </Anchor>
              </div>
              {location.data.pin_locked_until && (
                <PinLockAlert lockedUntil={location.data.pin_locked_until} />
              )}
              {update.isSuccess && (
                <Alert color="green" variant="light" role="status">
                  {t("saved")}
                </Alert>
              )}
              <QrCard location={location.data} />
              <LocationForm
                key={location.data.id}
                location={location.data}
                submitLabel={t("save")}
                pending={update.isPending}
                onSubmit={(input, fail) => update.mutate(input, { onError: fail })}
              />
              <PinForm key={`pin-${location.data.id}`} location={location.data} />
            </>
          )}
        </Stack>
      )}
    </PartnerLayout>
  );
}
