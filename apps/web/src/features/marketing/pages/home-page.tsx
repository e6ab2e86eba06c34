import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { telHref, useProviderDetails } from "../../../shared/api/provider.ts";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { homeSection, paths } from "../../../shared/paths.ts";
import { type Feature, FeatureGrid } from "../../../shared/ui/feature-grid.tsx";
import { Icon, type IconName } from "../../../shared/ui/icons.tsx";
import { NumberedSteps } from "../../../shared/ui/numbered-steps.tsx";
import { StampCardIllustration } from "../components/stamp-card-illustration.tsx";
import { useHashScroll } from "../components/use-hash-scroll.ts";
import classes from "./home-page.module.css";

const benefitIcons: IconName[] = ["chart", "shield", "store", "coin", "box", "network"];
const industryIcons: IconName[] = ["gift", "menu", "clock", "store", "user", "network"];

export default function HomePage() {
  const { t } = useTranslation("home");
  const locale = useLocale();
  const provider = useProviderDetails();
  useHashScroll();
  const list = (key: string) => t(key, { returnObjects: true }) as Feature[];

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 48, sm: 88 }}>
          <div className={classes.heroGrid}>
            <div>
              <Text className={classes.eyebrow}>{t("hero.eyebrow")}</Text>
              <Title order={1} mt="md" fz={{ base: 34, sm: 54 }} lh={1.1} maw={780}>
                {t("hero.title")}
              </Title>
              <Text mt="lg" fz={{ base: "md", sm: "xl" }} maw={640} c="dark.6">
                {t("hero.text")}
              </Text>
              <Group mt={32}>
                <Button component={Link} to={paths.pricing(locale)} size="lg">
                  {t("hero.primary")}
                </Button>
                <Button
                  component={Link}
                  to={homeSection(locale, "how-does-it-work")}
                  size="lg"
                  variant="default"
                >
                  {t("hero.secondary")}
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 3 }} mt={48} maw={760} spacing="md">
                {(["companies", "scan", "fee"] as const).map((claim) => (
                  <Box key={claim} className={classes.claim}>
                    <Text fw={800} fz={22} c="brand.8" lh={1.2}>
                      {t(`hero.claims.${claim}`)}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {t(`hero.claims.${claim}Text`)}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            </div>
            <Box visibleFrom="md">
              <StampCardIllustration />
            </Box>
          </div>
        </Container>
      </Box>

      <Container size="lg" component="section" id="how-does-it-work" py={72}>
        <SectionTitle title={t("how.title")} intro={t("how.intro")} />
        <NumberedSteps steps={list("how.steps")} cols={4} />
      </Container>

      <Box bg="gray.0" py={72}>
        <Container size="lg" component="section" aria-labelledby="benefits-title">
          <SectionTitle id="benefits-title" title={t("benefits.title")} />
          <FeatureGrid items={list("benefits.items")} icons={benefitIcons} />
        </Container>
      </Box>

      <Container size="lg" component="section" id="references" py={72}>
        <SectionTitle title={t("references.title")} intro={t("references.intro")} />
        <FeatureGrid items={list("references.industries")} icons={industryIcons} />
      </Container>

      <Box bg="brand.0" py={72}>
        <Container size="lg" component="section" id="pricing">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <div>
              <SectionTitle title={t("pricing.title")} intro={t("pricing.text")} />
              <Button component={Link} to={paths.pricing(locale)} size="md">
                {t("pricing.link")}
              </Button>
            </div>
            <Card radius="lg" padding="xl" withBorder>
              <Text fz={48} fw={800} c="brand.8" lh={1}>
                {t("pricing.perScan")}
              </Text>
              <Text c="dimmed" mt={4}>
                {t("pricing.perScanLabel")}
              </Text>
              <Stack gap="sm" mt="lg">
                {(["minimum", "menu"] as const).map((key) => (
                  <Group key={key} gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={24} radius="xl" variant="light">
                      <Icon name="check" size={16} />
                    </ThemeIcon>
                    <Text fz="sm">{t(`pricing.${key}`)}</Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" component="section" id="support-contact" py={72}>
        <SectionTitle title={t("support.title")} intro={t("support.text")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <ContactCard
            icon="phone"
            title={t("support.phoneTitle")}
            text={t("support.phoneText")}
            contact={provider && <Anchor href={telHref(provider.phone)}>{provider.phone}</Anchor>}
          />
          <ContactCard
            icon="mail"
            title={t("support.emailTitle")}
            text={t("support.emailText")}
            contact={
              provider && <Anchor href={`mailto:${provider.support_email}`}>{provider.support_email}</Anchor>
            }
          >
            <Button component={Link} to={paths.contactUs(locale)} variant="light" mt="md">
              {t("support.formLink")}
            </Button>
          </ContactCard>
          <ContactCard icon="help" title={t("support.faqTitle")} text={t("support.faqText")}>
            <Button component={Link} to={paths.faq(locale)} variant="light" mt="md">
              {t("support.faqLink")}
            </Button>
          </ContactCard>
        </SimpleGrid>
      </Container>
    </>
  );
}

function SectionTitle({ title, intro, id }: { title: string; intro?: string; id?: string }) {
  return (
    <Box mb={36} maw={720}>
      <Title order={2} id={id} fz={{ base: 26, sm: 34 }}>
        {title}
      </Title>
      {intro && (
        <Text mt="sm" c="dimmed" fz="lg">
          {intro}
        </Text>
      )}
    </Box>
  );
}

function ContactCard({
  icon,
  title,
  text,
  contact,
  children,
}: {
  icon: IconName;
  title: string;
  text: string;
  /** The configured phone number or address, right under the title. */
  contact?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon size={44} radius="md" variant="light" mb="md">
        <Icon name={icon} />
      </ThemeIcon>
      <Title order={3} fz="lg">
        {title}
      </Title>
      {contact && (
        <Text fw={700} mt={6}>
          {contact}
        </Text>
      )}
      <Text c="dimmed" fz="sm" mt={6} style={{ flex: 1 }}>
        {text}
      </Text>
      {children}
    </Card>
  );
}
