import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { PageName } from "@stempla/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../shared/i18n/locale.ts";
import { paths } from "../../shared/paths.ts";
import { BrandLogo } from "../../shared/ui/brand-logo.tsx";

const columns: { title: string; pages: PageName[] }[] = [
  { title: "product", pages: ["products", "digitalMenu", "pricing", "faq"] },
  { title: "company", pages: ["contactUs", "imprint", "communityGuidelines"] },
  { title: "legal", pages: ["termsPartners", "termsAppUsers", "privacy"] },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Box
      component="footer"
      bg="gray.0"
      py={48}
      mt={64}
      style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <BrandLogo size={26} />
            <Text size="sm" c="dimmed">
              {t("footer.tagline")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("footer.supportHours")}
            </Text>
          </Stack>
          {columns.map((column) => (
            <Stack
              gap={8}
              key={column.title}
              component="nav"
              aria-label={t(`footer.columns.${column.title}`)}
            >
              <Title order={2} fz="sm" tt="uppercase" c="dark.6">
                {t(`footer.columns.${column.title}`)}
              </Title>
              {column.pages.map((page) => (
                <Anchor key={page} component={Link} to={paths[page](locale)} size="sm" c="dark.6">
                  {t(`pages.${page}`)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={40}>
          © {new Date().getFullYear()} Stempla · {t("footer.rights")}
        </Text>
      </Container>
    </Box>
  );
}
