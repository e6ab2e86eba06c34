import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import type { LocationView } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFile } from "../../../shared/api/client.ts";
import { saveFile } from "../../../shared/lib/save-file.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { qrPath, qrUrl } from "../api/location-calls.ts";

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
          <Group gap="xs" mt="xs">
            <QrPdfButton location={location} />
            <Button component="a" href={qrUrl(location.id, "png")} download size="xs" variant="default">
              PNG
            </Button>
            <Button component="a" href={qrUrl(location.id, "svg")} download size="xs" variant="default">
              SVG
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The A5 sheet is fetched by script rather than linked: its renders are limited per account
 * (README, "Security"), and a refusal must show the server's message, not a failed download.
 */
function QrPdfButton({ location }: { location: LocationView }) {
  const { t } = useTranslation("locations");
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const file = await apiFile(qrPath(location.id, "pdf"));
      saveFile(file.blob, file.fileName ?? `qr-${location.id}.pdf`);
    } catch (failure) {
      notify("red", (failure as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button size="xs" loading={loading} onClick={download}>
      {t("qr.pdf")}
    </Button>
  );
}
