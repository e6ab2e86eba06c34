import { Alert, Box, Card, Skeleton, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { Page } from "@stempla/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListPager } from "../ui/list-pager.tsx";

/**
 * The body of a paged list on the franchise screens (franchisees, invitations, franchise
 * locations): the load error, a skeleton until the first page is there, a card when the list is
 * empty, the rows (faded while the next page loads over the previous one, which the queries keep
 * with keepPreviousData) and the pager. `children` renders the rows; `wide` says whether a table
 * fits (about 900 px beside the navigation) or cards are wanted.
 */
export function PagedList<T>({
  list,
  page,
  perPage,
  onPage,
  empty,
  children,
}: {
  list: UseQueryResult<Page<T>>;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** The text of the card shown when there is nothing to list. */
  empty: string;
  children: (rows: T[], wide: boolean) => ReactNode;
}) {
  const { t } = useTranslation("franchise");
  const wide = useMediaQuery("(min-width: 75em)", true, { getInitialValueInEffect: false });
  const total = list.data?.meta.total ?? 0;
  return (
    <>
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.isPending && <Skeleton h={120} radius="lg" aria-label={t("loading")} />}
      {list.data && total === 0 && (
        <Card withBorder radius="lg" padding="lg">
          <Text size="sm" c="dark.6">
            {empty}
          </Text>
        </Card>
      )}
      {list.data && total > 0 && (
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
          aria-busy={list.isPlaceholderData}
        >
          {children(list.data.data, wide)}
        </Box>
      )}
      {list.data && <ListPager page={page} perPage={perPage} total={total} compact={!wide} onPage={onPage} />}
    </>
  );
}
