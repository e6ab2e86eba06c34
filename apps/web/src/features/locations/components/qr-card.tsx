import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import type { LocationView } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { qrUrl } from "../api/location-calls.ts";

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
            <Button component="a" href={qrUrl(location.id, "pdf")} download size="xs">
              {t("qr.pdf")}
            </Button>
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
