import { Button, FileButton, Group, Image, Paper, Stack, Text } from "@mantine/core";
import type { LogoView } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client.ts";
import { useRemoveLogo, useUploadLogo } from "./partner-calls.ts";

/** Upload, preview and removal of the logo; the server checks format and size (sharp). */
export function LogoUpload({ logo }: { logo: LogoView | null }) {
  const { t } = useTranslation("partner");
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const error =
    upload.error instanceof ApiError
      ? (upload.error.fieldErrors.file?.[0] ?? upload.error.message)
      : upload.error
        ? t("logo.failed")
        : undefined;

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Paper
        withBorder
        radius="md"
        w={128}
        h={128}
        style={{ display: "grid", placeItems: "center", overflow: "hidden", flex: "none" }}
        bg="gray.0"
      >
        {logo ? (
          <Image src={logo.medium} alt={t("logo.current")} w={120} h={120} fit="contain" />
        ) : (
          <Text size="xs" c="dimmed" ta="center" px="xs">
            {t("logo.none")}
          </Text>
        )}
      </Paper>
      <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
        <Text size="sm" c="dark.6">
          {t("logo.rules")}
        </Text>
        <Group gap="sm">
          <FileButton
            accept="image/png,image/jpeg,application/pdf"
            onChange={(file) => {
              upload.reset();
              if (file) upload.mutate(file);
            }}
          >
            {(props) => (
              <Button {...props} loading={upload.isPending} variant={logo ? "default" : "filled"}>
                {logo ? t("logo.replace") : t("logo.choose")}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t("logo.remove")}
            </Button>
          )}
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
