import { ActionIcon, CopyButton, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../shared/ui/icons.tsx";

/** "0x1a2b…9d8e": the start and the end are what people compare. */
const shortAddress = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;

/** The customer's wallet address, shortened, with a button that copies the whole address. */
export function WalletAddress({ address }: { address: string }) {
  const { t } = useTranslation("clients");
  if (!address) return <Text c="dimmed">–</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" fz={13} title={address} style={{ whiteSpace: "nowrap" }}>
        {shortAddress(address)}
      </Text>
      <CopyButton value={address} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("wallet.copied") : t("wallet.copy")} withArrow position="top">
            <ActionIcon
              variant="subtle"
              color={copied ? "teal" : "gray"}
              size="sm"
              onClick={copy}
              aria-label={t("wallet.copyLabel")}
            >
              <Icon name={copied ? "check" : "copy"} size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
