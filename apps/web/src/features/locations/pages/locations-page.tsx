import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { paths } from "../../../shared/paths.ts";
import { PartnerLayout } from "../../../shared/ui/partner-layout.tsx";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";
import {
  LOCATIONS_PER_PAGE,
  useCreateLocation,
  useLocations,
  useStartLocationWizard,
} from "../api/location-calls.ts";
import { LocationForm } from "../components/location-form.tsx";

export default function LocationsPage() {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(t("title"));
  const [page, setPage] = useState(1);
  const list = useLocations(page);
  const create = useCreateLocation();
  const guided = useStartLocationWizard();
  const [adding, { open, close }] = useDisclosure(false);
  const total = list.data?.meta.total ?? 0;

  return (
    <PartnerLayout>
      {() => (
        <Stack gap="lg" maw={960}>
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t("title")}
              </Title>
              <Text c="dimmed">{t("intro")}</Text>
            </div>
            <Group gap="sm">
              <Button
                variant="default"
                loading={guided.isPending}
                onClick={() =>
                  guided.mutate(undefined, { onSuccess: () => navigate(paths.dashboard(locale)) })
                }
              >
                {t("addGuided")}
              </Button>
              <Button onClick={open}>{t("add")}</Button>
            </Group>
          </Group>
          {guided.isError && <Alert color="red">{guided.error.message}</Alert>}
          {list.isError && <Alert color="red">{list.error.message}</Alert>}
          {list.isPending && <Skeleton h={120} radius="lg" />}
          {list.data && total === 0 && (
            <Card withBorder radius="lg" padding="xl" ta="center">
              <Text fw={600}>{t("empty.title")}</Text>
              <Text c="dimmed" size="sm" mt={4}>
                {t("empty.text")}
              </Text>
              <Button mt="md" onClick={open} w="fit-content" mx="auto">
                {t("add")}
              </Button>
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {list.data?.data.map((location) => (
              <Card
                key={location.id}
                withBorder
                radius="lg"
                padding="lg"
                component={Link}
                to={paths.locationDetail(locale, { id: location.id })}
                style={{ textDecoration: "none", color: "inherit" }}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700}>{location.name}</Text>
                  {location.is_closed ? (
                    <SoftBadge color="orange">{t("badges.closed")}</SoftBadge>
                  ) : (
                    <SoftBadge color="green">{t("badges.open")}</SoftBadge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {location.address}
                </Text>
                <Group gap="xs" mt="sm">
                  <Badge variant="outline" color="gray" c="dark.6" radius="sm">
                    {t("badges.limit", { count: location.limit_count, hours: location.limit_hours })}
                  </Badge>
                  {location.pin_locked_until && <SoftBadge color="red">{t("badges.pinLocked")}</SoftBadge>}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          {total > LOCATIONS_PER_PAGE && (
            <Pagination total={Math.ceil(total / LOCATIONS_PER_PAGE)} value={page} onChange={setPage} />
          )}

          <Modal opened={adding} onClose={close} title={t("add")} size="lg">
            <LocationForm
              submitLabel={t("create")}
              pending={create.isPending}
              withHours={false}
              onSubmit={(input, fail) =>
                create.mutate(input, {
                  onSuccess: (location) => {
                    close();
                    navigate(paths.locationDetail(locale, { id: location.id }));
                  },
                  onError: fail,
                })
              }
            />
          </Modal>
        </Stack>
      )}
    </PartnerLayout>
  );
}
