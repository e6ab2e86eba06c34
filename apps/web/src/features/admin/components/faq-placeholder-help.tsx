import { Accordion, Code, Group, Stack, Table, Text } from "@mantine/core";
import { FAQ_PLACEHOLDER_NAMES, faqPlaceholderValue } from "@stempla/domain";
import { useTranslation } from "react-i18next";

const nowrap = { whiteSpace: "nowrap" } as const;
const divider = { borderBottom: "1px solid var(--mantine-color-gray-2)" } as const;

/**
 * The placeholders an FAQ answer may use for the product's numbers, with what each means and its
 * current value in both languages (docs/architecture.md, "FAQ"). Folded, so the editor stays short;
 * a table on wide screens, one small block per placeholder on phones.
 */
export function FaqPlaceholderHelp() {
  const { t } = useTranslation("admin");
  return (
    <Accordion variant="contained" radius="md" data-testid="faq-placeholder-help">
      <Accordion.Item value="placeholders">
        <Accordion.Control>
          <Text size="sm" fw={600}>
            {t("faq.placeholders.title")}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dark.6" mb="sm">
            {t("faq.placeholders.intro")}
          </Text>
          <Table.ScrollContainer minWidth={640} type="native" mah={320} visibleFrom="sm">
            <Table fz="sm" verticalSpacing={6} horizontalSpacing="sm" stickyHeader striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("faq.placeholders.name")}</Table.Th>
                  <Table.Th>{t("faq.placeholders.meaning")}</Table.Th>
                  <Table.Th>{t("faq.placeholders.de")}</Table.Th>
                  <Table.Th>{t("faq.placeholders.en")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FAQ_PLACEHOLDER_NAMES.map((name) => (
                  <Table.Tr key={name} data-placeholder={name}>
                    <Table.Td style={nowrap}>
                      <Code>{`{${name}}`}</Code>
                    </Table.Td>
                    <Table.Td>{t(`faq.placeholders.names.${name}`)}</Table.Td>
                    <Table.Td style={nowrap}>{faqPlaceholderValue(name, "de")}</Table.Td>
                    <Table.Td style={nowrap}>{faqPlaceholderValue(name, "en")}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="sm" mah={360} style={{ overflowY: "auto" }}>
            {FAQ_PLACEHOLDER_NAMES.map((name) => (
              <Stack key={name} gap={2} data-placeholder={name} py={4} style={divider}>
                <Code w="fit-content">{`{${name}}`}</Code>
                <Text size="sm">{t(`faq.placeholders.names.${name}`)}</Text>
                <Group gap="md">
                  <Text size="sm" c="dark.6">
                    {t("faq.placeholders.de")}: {faqPlaceholderValue(name, "de")}
                  </Text>
                  <Text size="sm" c="dark.6">
                    {t("faq.placeholders.en")}: {faqPlaceholderValue(name, "en")}
                  </Text>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
