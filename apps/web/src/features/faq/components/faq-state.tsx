import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import type { FaqReadEntry } from "@stempla/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FaqList } from "./faq-list.tsx";

/** The FAQ list once loaded; placeholders while loading, a retry on failure. */
export function FaqState({
  query,
  headingOrder,
}: {
  query: UseQueryResult<FaqReadEntry[]>;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation("faq");
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy aria-label={t("loading")}>
        <Skeleton h={28} w={220} radius="sm" />
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} h={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t("loadFailed")}>
        <Button variant="default" size="xs" mt="xs" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </Alert>
    );
  }
  return <FaqList entries={query.data} headingOrder={headingOrder} />;
}
