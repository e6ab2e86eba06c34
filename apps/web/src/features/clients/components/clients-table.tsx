import { Anchor, Table, Text } from "@mantine/core";
import { type Client, formatPhone } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { useLocaleFormats } from "../../../shared/lib/formats.ts";

const dash = <Text c="dimmed">–</Text>;
// Long texts wrap instead of widening the table: at their spaces and hyphens first, and a word
// longer than the cap (the odd made-up name) anywhere. The cap sits on an inner box because a
// box's max-width also caps what it asks of the table column, which a cell's max-width does not.
const capped = (maxWidth: number) => ({ maxWidth, overflowWrap: "break-word" }) as const;

function Th({ children, right, title }: { children: string; right?: boolean; title?: string }) {
  return (
    <Table.Th
      fz="xs"
      c="dimmed"
      ta={right ? "right" : undefined}
      style={{ whiteSpace: "nowrap" }}
      title={title}
    >
      {children}
    </Table.Th>
  );
}

/** The clients as a table (wide screens); it scrolls sideways where the columns do not fit. */
export function ClientsTable({ clients }: { clients: Client[] }) {
  const { t } = useTranslation("clients");
  const format = useLocaleFormats();
  return (
    <Table.ScrollContainer minWidth={840} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        fz="sm"
        aria-label={t("table.label")}
      >
        <Table.Thead>
          <Table.Tr>
            <Th right title={t("numberHint")}>
              {t("fields.number")}
            </Th>
            <Th>{t("fields.email")}</Th>
            <Th>{t("fields.firstName")}</Th>
            <Th>{t("fields.surname")}</Th>
            <Th>{t("fields.phone")}</Th>
            <Th>{t("fields.birthDate")}</Th>
            <Th right>{t("fields.points")}</Th>
            <Th>{t("fields.lastVisit")}</Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id} data-testid="client-row">
              <Table.Td ta="right" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                {client.number}
              </Table.Td>
              <Table.Td>
                <div style={capped(280)}>
                  <Anchor href={`mailto:${client.email}`} size="sm">
                    <EmailText email={client.email} />
                  </Anchor>
                </div>
              </Table.Td>
              <Table.Td>
                <div style={capped(110)}>{client.first_name || dash}</div>
              </Table.Td>
              <Table.Td>
                <div style={capped(110)}>{client.surname || dash}</div>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {client.phone ? (
                  <Anchor href={`tel:${client.phone.replace(/\s+/g, "")}`} size="sm" c="inherit">
                    {formatPhone(client.phone)}
                  </Anchor>
                ) : (
                  dash
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {client.date_of_birth ? format.day(client.date_of_birth) : dash}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                {client.points}
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }} title={format.dateTimeFull(client.last_visit)}>
                {format.dateMedium(client.last_visit)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Long addresses wrap after the "@" first, and only then anywhere. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
