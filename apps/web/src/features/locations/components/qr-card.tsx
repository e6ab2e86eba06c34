import {
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { type LocationView, QR_PRINT_MM, QR_PRINT_SIZES, type QrPrintSize } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFile } from "../../../shared/api/client.ts";
import { saveFile } from "../../../shared/lib/save-file.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { qrPrintPath, qrUrl } from "../api/location-calls.ts";

/** The location's scan code: what the QR code and the NFC chip carry, to download and print. */
export function QrCard({ location }: { location: LocationView }) {
  const { t } = useTranslation("locations");
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg">
        {t("qr.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("qr.intro")}
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Image
          src={qrUrl(location.id, "png")}
          alt={t("qr.alt", { name: location.name })}
          w={168}
          h={168}
          radius="md"
          bd="1px solid var(--mantine-color-gray-3)"
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Text size="xs" c="dimmed">
            {t("qr.url")}
          </Text>
          <Anchor href={location.scan_url} size="sm" style={{ wordBreak: "break-all" }} target="_blank">
            {location.scan_url}
          </Anchor>
          <Text size="xs" c="dimmed" mt="xs">
            {t("qr.files")}
          </Text>
          <Group gap="xs">
            <Button component="a" href={qrUrl(location.id, "png")} download size="xs" variant="default">
              PNG
            </Button>
            <Button component="a" href={qrUrl(location.id, "svg")} download size="xs" variant="default">
              SVG
            </Button>
          </Group>
        </Stack>
      </Group>
      <Divider my="lg" />
      <Title order={3} fz="md">
        {t("qr.print.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("qr.print.intro")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {QR_PRINT_SIZES.map((size) => (
          <Printable key={size} location={location} size={size} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

/**
 * One printable, fetched by script rather than linked: the PDFs are limited per account (README,
 * "Security"), and a refusal must show the server's message, not a failed download.
 */
function Printable({ location, size }: { location: LocationView; size: QrPrintSize }) {
  const { t } = useTranslation("locations");
  const [loading, setLoading] = useState(false);
  const label = t(`qr.print.${size}.label`);
  const download = async () => {
    setLoading(true);
    try {
      const file = await apiFile(qrPrintPath(location.id, size));
      saveFile(file.blob, file.fileName ?? `qr-${location.id}-${size}.pdf`);
    } catch (failure) {
      notify("red", (failure as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6} h="100%" justify="space-between">
        <div>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`qr.print.${size}.hint`, QR_PRINT_MM[size])}
          </Text>
        </div>
        <Button
          size="xs"
          mt="xs"
          loading={loading}
          onClick={download}
          aria-label={t("qr.print.download", { label })}
        >
          {t("qr.print.pdf")}
        </Button>
      </Stack>
    </Paper>
  );
}
