import { Anchor, Box, Card, Group, Image, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import {
  conditionsText,
  DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION,
  formatPhone,
  NO_CONDITIONS,
  socialHref,
  WEEKDAYS,
} from "@stempla/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/locale.ts";
import { notify } from "../../../shared/ui/notify.ts";
import { SoftBadge } from "../../../shared/ui/soft-badge.tsx";
import type { PartnerReview, PartnerReviewLocation } from "../api/get-partner-review.ts";
import { useSetDigitalMenu } from "../api/set-digital-menu.ts";
import { useFormats } from "./formats.ts";
import classes from "./partner-review.module.css";

function Facts({ children }: { children: ReactNode }) {
  return <dl className={classes.facts}>{children}</dl>;
}

/** One label and value; an empty value says "not provided". */
function Fact({ label, children }: { label: string; children?: ReactNode }) {
  const { t } = useTranslation("admin");
  const empty = children === null || children === undefined || children === "" || children === false;
  return (
    <Box display="contents">
      <dt>{label}</dt>
      <dd>
        {empty ? (
          <Text span c="dimmed" fs="italic" size="sm">
            {t("partner.none")}
          </Text>
        ) : (
          children
        )}
      </dd>
    </Box>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Everything the partner provided: company, contact, payment, app presence, card and locations. */
export function PartnerDetails({ review }: { review: PartnerReview }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const locale = useLocale();
  const { company, card, categories, locations } = review;
  const { address, contact, payment } = company;
  const contactName = [contact.first_name, contact.surname].filter(Boolean).join(" ");

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t("partner.sections.company")} testId="section-company">
          <Facts>
            <Fact label={t("partner.fields.companyName")}>{company.company_name}</Fact>
            <Fact label={t("partner.fields.legalForm")}>{company.legal_form}</Fact>
            <Fact label={t("partner.fields.vat")}>{company.vat}</Fact>
            <Fact label={t("partner.fields.address")}>
              {address && (
                <>
                  {address.street} {address.building}
                  <br />
                  {address.postcode} {address.city}
                  <br />
                  {format.country(address.country)}
                </>
              )}
            </Fact>
            <Fact label={t("partner.fields.phone")}>{company.phone && formatPhone(company.phone)}</Fact>
            <Fact label={t("partner.fields.type")}>{t(`partners.types.${company.type}`)}</Fact>
          </Facts>
        </Section>

        <Stack gap="lg">
          <Section title={t("partner.sections.contact")} testId="section-contact">
            <Facts>
              <Fact label={t("partner.fields.name")}>{contactName}</Fact>
              <Fact label={t("partner.fields.email")}>
                <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
              </Fact>
              <Fact label={t("partner.fields.phone")}>{contact.phone && formatPhone(contact.phone)}</Fact>
            </Facts>
          </Section>
          <Section title={t("partner.sections.payment")} testId="section-payment">
            {payment ? (
              <Facts>
                <Fact label={t("partner.fields.accountHolder")}>{payment.account_holder}</Fact>
                <Fact label={t("partner.fields.iban")}>
                  <Text span ff="monospace">
                    {payment.iban_masked}
                  </Text>
                </Fact>
                <Fact label={t("partner.fields.mandateReference")}>{payment.mandate_reference}</Fact>
                <Fact label={t("partner.fields.signedAt")}>{format.dateTime(payment.signed_at)}</Fact>
              </Facts>
            ) : (
              <Text c="dimmed">{t("partner.noPayment")}</Text>
            )}
          </Section>
        </Stack>

        <Section title={t("partner.sections.profile")} testId="section-profile">
          <Facts>
            <Fact label={t("partner.fields.publicName")}>{company.public_name}</Fact>
            <Fact label={t("partner.fields.logo")}>
              {company.logo ? (
                <Image
                  src={company.logo.medium}
                  alt={t("partner.logoAlt", { name: company.public_name ?? company.company_name })}
                  w={120}
                  h={120}
                  fit="contain"
                  radius="md"
                  bd="1px solid var(--mantine-color-gray-3)"
                />
              ) : (
                <Text span c="dimmed" size="sm">
                  {t("partner.noLogo")}
                </Text>
              )}
            </Fact>
            <Fact label={t("partner.fields.categories")}>
              {categories.length > 0 && (
                <Group gap={6}>
                  {categories.map((category) => (
                    <SoftBadge key={category.id} color={category.primary ? "brand" : "gray"}>
                      {category.primary
                        ? `★ ${category.name} · ${t("partner.fields.primary")}`
                        : category.name}
                    </SoftBadge>
                  ))}
                </Group>
              )}
            </Fact>
          </Facts>
        </Section>

        <Section title={t("partner.sections.card")} testId="section-card">
          <Facts>
            <Fact label={t("partner.fields.description")}>{card.description}</Fact>
            <Fact label={t("partner.fields.points")}>{card.points}</Fact>
            <Fact label={t("partner.fields.excludedProducts")}>
              {card.conditions.excluded_products.join(", ")}
            </Fact>
            <Fact label={t("partner.fields.timeLimits")}>
              {card.conditions.time_limits &&
                conditionsText({ ...NO_CONDITIONS, time_limits: card.conditions.time_limits }, locale)[0]}
            </Fact>
            <Fact label={t("partner.fields.minimumSpend")}>
              {card.conditions.minimum_spend_cents !== null &&
                format.money(card.conditions.minimum_spend_cents)}
            </Fact>
            <Fact label={t("partner.fields.conditionsNote")}>{card.conditions.note}</Fact>
            <Fact label={t("partner.fields.links")}>
              {card.socials.length === 0 ? (
                <Text span c="dimmed" size="sm">
                  {t("partner.noLinks")}
                </Text>
              ) : (
                <Stack gap={2}>
                  {card.socials.map((social) => (
                    <Text key={social.id}>
                      {t(`partner.links.${social.type}`)}:{" "}
                      <Anchor
                        href={socialHref(social)}
                        target="_blank"
                        rel="noopener noreferrer"
                        style={{ overflowWrap: "anywhere" }}
                      >
                        {social.url}
                      </Anchor>
                    </Text>
                  ))}
                </Stack>
              )}
            </Fact>
          </Facts>
        </Section>
      </SimpleGrid>

      <Section
        title={t("partner.sections.locations", { count: locations.length })}
        testId="section-locations"
      >
        {locations.length === 0 ? (
          <Text c="dimmed">{t("partner.noLocations")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {locations.map((location) => (
              <LocationCard key={location.id} location={location} partnerId={company.id} />
            ))}
          </SimpleGrid>
        )}
      </Section>
    </Stack>
  );
}

function LocationCard({ location, partnerId }: { location: PartnerReviewLocation; partnerId: number }) {
  const { t } = useTranslation("admin");
  return (
    <Box p="md" bg="gray.0" style={{ borderRadius: "var(--mantine-radius-md)" }} data-testid="location">
      <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} fz="md">
          {location.name}
        </Title>
        {location.is_closed && <SoftBadge color="red">{t("partner.fields.closed")}</SoftBadge>}
      </Group>
      <Text size="sm">{location.address}</Text>
      {location.phone && <Text size="sm">{location.phone}</Text>}
      <Text size="sm" c="dimmed" mt="xs" mb={2}>
        {t("partner.fields.openingHours")}
      </Text>
      <dl className={classes.hours}>
        {WEEKDAYS.map((day) => {
          const intervals = location.working_hours[day] ?? [];
          return (
            <Box key={day} display="contents">
              <dt>{t(`partner.days.${day}`)}</dt>
              <dd>
                {intervals.length === 0
                  ? t("partner.dayClosed")
                  : intervals.map((i) => `${i.from}–${i.to}`).join(", ")}
              </dd>
            </Box>
          );
        })}
      </dl>
      <DigitalMenuSwitch location={location} partnerId={partnerId} />
    </Box>
  );
}

/** The provider team books the digital menu for a location (billed per month with a booked day). */
function DigitalMenuSwitch({ location, partnerId }: { location: PartnerReviewLocation; partnerId: number }) {
  const { t } = useTranslation("admin");
  const format = useFormats();
  const setMenu = useSetDigitalMenu(partnerId);
  const booked = location.digital_menu_since !== null;
  const price = format.money(DIGITAL_MENU_MONTHLY_CENTS_PER_LOCATION);
  return (
    <Switch
      mt="sm"
      checked={booked}
      disabled={setMenu.isPending}
      label={t("partner.digitalMenu.label")}
      description={
        booked
          ? `${t("partner.digitalMenu.since", { date: format.day(location.digital_menu_since!) })} · ${t("partner.digitalMenu.price", { price })}`
          : t("partner.digitalMenu.price", { price })
      }
      data-testid="digital-menu-switch"
      onChange={(event) =>
        setMenu.mutate(
          { locationId: location.id, enabled: event.currentTarget.checked },
          {
            onSuccess: (state) =>
              notify(
                "green",
                t(state.digital_menu_since ? "partner.digitalMenu.booked" : "partner.digitalMenu.ended", {
                  location: location.name,
                }),
              ),
            onError: (error) => notify("red", error.message),
          },
        )
      }
    />
  );
}
