import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { LocationInput } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FranchiseLocations } from "../../../shared/franchise/franchise-locations.tsx";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { useMenus } from "../../../shared/partner/menus-calls.ts";
import { NewLocationNotes, useLocationMinimum } from "../../../shared/partner/new-location-notes.tsx";
import { paths } from "../../../shared/paths.ts";
import { PageButtons } from "../../../shared/ui/page-buttons.tsx";
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
import { LocationMenuRow } from "../components/location-menu-row.tsx";

export default function LocationsPage() {
  const { t } = useTranslation("locations");
  const locale = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(t("title"));
  const [page, setPage] = useState(1);
  const list = useLocations(page);
  // The same page of the same order (newest first), for each card's menu state.
  const menus = useMenus(page, LOCATIONS_PER_PAGE);
  const create = useCreateLocation();
  const guided = useStartLocationWizard();
  const [adding, { open, close: closeModal }] = useDisclosure(false);
  // A new location costs money every month: the form's answer waits here until it is confirmed.
  const [confirming, setConfirming] = useState<{ input: LocationInput; fail: (error: unknown) => void }>();
  const minimum = useLocationMinimum();
  const close = () => {
    setConfirming(undefined);
    closeModal();
  };
  const total = list.data?.meta.total ?? 0;

  return (
    <PartnerLayout>
      {(_profile, company) => (
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
          {/* A master's own locations and its franchisees' apart (docs/decisions/008-franchise-model.md,
              sections 3 and 6). */}
          {company.type === "master" && (
            <Title order={2} fz="lg">
              {t("ownTitle")}
            </Title>
          )}
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
              // The card's body leads to the location; its foot to the location's menu (two links
              // side by side, as a link may not hold another).
              <Card key={location.id} withBorder radius="lg" padding={0} data-testid="location-card">
                <Box
                  component={Link}
                  to={paths.locationDetail(locale, { id: location.id })}
                  p="lg"
                  style={{ display: "block", flex: 1, textDecoration: "none", color: "inherit" }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={700} id={`location-name-${location.id}`}>
                      {location.name}
                    </Text>
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
                </Box>
                <LocationMenuRow
                  locationId={location.id}
                  nameId={`location-name-${location.id}`}
                  menu={menus.data?.data.find((m) => m.location.id === location.id)}
                />
              </Card>
            ))}
          </SimpleGrid>
          {total > LOCATIONS_PER_PAGE && (
            <PageButtons total={Math.ceil(total / LOCATIONS_PER_PAGE)} value={page} onChange={setPage} />
          )}
          {company.type === "master" && <FranchiseLocations />}

          <Modal
            opened={adding}
            onClose={close}
            title={confirming ? t("adding.confirmTitle") : t("add")}
            size="lg"
          >
            {confirming && (
              <Stack data-testid="location-cost-confirmation">
                <Text>{t("adding.confirmText", { name: confirming.input.name, minimum })}</Text>
                <Text size="sm" c="dark.6">
                  {t("adding.pinNote")}
                </Text>
                <Group justify="space-between" gap="sm" mt="sm">
                  <Button
                    variant="default"
                    onClick={() => setConfirming(undefined)}
                    disabled={create.isPending}
                  >
                    {t("adding.back")}
                  </Button>
                  <Button
                    loading={create.isPending}
                    onClick={() =>
                      create.mutate(confirming.input, {
                        onSuccess: (location) => {
                          close();
                          navigate(paths.locationDetail(locale, { id: location.id }));
                        },
                        onError: (error) => {
                          setConfirming(undefined);
                          confirming.fail(error);
                        },
                      })
                    }
                  >
                    {t("adding.confirm")}
                  </Button>
                </Group>
              </Stack>
            )}
            {/* Hidden, not unmounted, while confirming: "back" returns to the answers as typed. */}
            <Box display={confirming ? "none" : undefined}>
              <Stack gap="md">
                <NewLocationNotes />
                <LocationForm
                  submitLabel={t("create")}
                  pending={create.isPending}
                  withHours={false}
                  onSubmit={(input, fail) => setConfirming({ input, fail })}
                />
              </Stack>
            </Box>
          </Modal>
        </Stack>
      )}
    </PartnerLayout>
  );
}
