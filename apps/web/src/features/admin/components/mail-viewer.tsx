import { Alert, Anchor, Group, Loader, Modal, Stack, Tabs, Text } from "@mantine/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import { useMail } from "../api/admin-calls.ts";

/** A mail as the recipient gets it: the HTML in a sandboxed frame, and the text with live links. */
export function MailViewer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const mail = useMail(id);
  return (
    <Modal
      opened={id !== undefined}
      onClose={onClose}
      size="xl"
      title={mail.data?.subject ?? t("mails.loading")}
    >
      {mail.isPending && <Loader size="sm" />}
      {mail.isError && <Alert color="red">{mail.error.message}</Alert>}
      {mail.data && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t("mails.to")}:
            </Text>
            <Text size="sm" fw={600}>
              {mail.data.to}
            </Text>
            <SoftBadge color={mail.data.status === "sent" ? "green" : "gray"}>
              {t(`mails.statuses.${mail.data.status}`)}
            </SoftBadge>
          </Group>
          {mail.data.last_error && (
            <Alert color="orange" variant="light">
              {mail.data.last_error}
            </Alert>
          )}
          <Tabs defaultValue="text">
            <Tabs.List>
              <Tabs.Tab value="text">{t("mails.text")}</Tabs.Tab>
              <Tabs.Tab value="html">{t("mails.html")}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="text" pt="md">
              <Text
                component="pre"
                size="sm"
                style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}
                data-testid="mail-text"
              >
                {linkify(mail.data.text)}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="html" pt="md">
              <iframe
                title={mail.data.subject}
                srcDoc={mail.data.html}
                sandbox=""
                style={{
                  width: "100%",
                  height: 520,
                  border: "1px solid var(--mantine-color-gray-3)",
                  borderRadius: 8,
                }}
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <Anchor key={index} href={part} style={{ wordBreak: "break-all" }}>
        {part}
      </Anchor>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
