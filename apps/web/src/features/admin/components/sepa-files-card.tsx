import {
  Alert,
  Button,
  Card,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { addDays, berlinDay, daySchema, PAYMENT } from "@stempla/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/client.ts";
import { saveFile } from "../../../shared/lib/save-file.ts";
import { Icon } from "../../../shared/ui/icons.tsx";
import { notify } from "../../../shared/ui/notify.ts";
import { useCreateSepaFile } from "../api/create-sepa-file.ts";
import { type SepaFile, sepaFileUrl, useSepaFiles } from "../api/get-sepa-files.ts";
import { numbers } from "./billing-styles.ts";
import classes from "./console-table.module.css";
import { useFormats } from "./formats.ts";

/**
 * SEPA direct debits: the file of what is due, for the team to upload to the bank, and the files
 * made before, to download again.
 */
export function SepaFilesCard() {
  const { t } = useTranslation("admin");
  return (
    <Card withBorder radius="lg" padding="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t("billing.sepa.title")}
          </Title>
          <Text size="sm" c="dimmed" maw={760}>
            {t("billing.sepa.intro")}
          </Text>
        </Stack>
        <CreateSepaFile />
        <SepaFiles />
      </Stack>
    </Card>
  );
}

function CreateSepaFile() {
  const { t } = useTranslation("admin");
  const create = useCreateSepaFile();
  // Today's invoices are debited in 7 days: by default the file takes everything issued until today.
  const [dueUntil, setDueUntil] = useState(() => addDays(berlinDay(new Date()), PAYMENT.sepaDebitAfterDays));
  const [error, setError] = useState<string>();

  const submit = () => {
    if (!daySchema.safeParse(dueUntil).success) return setError(t("billing.sepa.dueUntilInvalid"));
    setError(undefined);
    create.mutate(dueUntil, {
      onSuccess: (file) => {
        saveFile(file.blob, file.fileName);
        notify("green", t("billing.sepa.created", { count: file.count }));
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fieldErrors.due_until?.[0] : undefined;
        if (field) return setError(field);
        // 409: nothing is due until that day.
        notify("red", failure.message);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-end" gap="md">
        <TextInput
          type="date"
          label={t("billing.sepa.dueUntil")}
          description={t("billing.sepa.dueUntilHint")}
          value={dueUntil}
          error={error}
          onChange={(event) => setDueUntil(event.currentTarget.value)}
          required
          w={{ base: "100%", xs: 340 }}
          data-testid="sepa-due-until"
        />
        <Button
          type="submit"
          leftSection={<Icon name="download" size={18} />}
          loading={create.isPending}
          data-testid="sepa-create"
        >
          {t("billing.sepa.create")}
        </Button>
      </Group>
    </form>
  );
}

function SepaFiles() {
  const { t } = useTranslation("admin");
  const files = useSepaFiles();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t("billing.sepa.files.title")}
      </Title>
      {files.isPending && <Skeleton h={80} radius="md" aria-label={t("billing.loading")} />}
      {files.isError && (
        <Alert color="red" role="alert">
          {files.error.message}
        </Alert>
      )}
      {files.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("billing.sepa.files.none")}
        </Text>
      )}
      {files.data && files.data.length > 0 && (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": t("billing.sepa.files.table") }}>
          <Table striped highlightOnHover miw={600} verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("billing.sepa.files.created")}</Table.Th>
                <Table.Th>{t("billing.sepa.files.dueUntil")}</Table.Th>
                <Table.Th ta="right">{t("billing.sepa.files.transactions")}</Table.Th>
                <Table.Th ta="right">{t("billing.sepa.files.sum")}</Table.Th>
                <Table.Th ta="right" className={classes.actions}>
                  {t("billing.sepa.files.file")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.data.map((file) => (
                <SepaFileRow key={file.id} file={file} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

function SepaFileRow({ file }: { file: SepaFile }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  return (
    <Table.Tr data-testid="sepa-file-row">
      <Table.Td style={numbers}>{format.dateTime(file.created_at)}</Table.Td>
      <Table.Td style={numbers}>{format.day(file.due_until)}</Table.Td>
      <Table.Td ta="right" style={numbers}>
        {file.transactions}
      </Table.Td>
      <Table.Td ta="right" style={numbers}>
        {format.money(file.control_sum_cents)}
      </Table.Td>
      <Table.Td ta="right" className={classes.actions}>
        <Button
          component="a"
          href={sepaFileUrl(file.id)}
          download={file.file_name}
          variant="default"
          size="xs"
          leftSection={<Icon name="download" size={16} />}
          aria-label={t("billing.sepa.files.downloadLabel", { name: file.file_name })}
        >
          {t("billing.sepa.files.download")}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
