import { Accordion, Container, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageHero } from "../../../shared/ui/page-hero.tsx";
import { useDocumentTitle } from "../../../shared/ui/use-document-title.ts";

interface FaqGroup {
  id: string;
  title: string;
  items: { id: string; q: string; a: string }[];
}

export default function FaqPage() {
  const { t } = useTranslation("faq");
  useDocumentTitle(t("title"));
  const groups = t("groups", { returnObjects: true }) as FaqGroup[];
  // A link to one answer (/de/faq#estimated-extra-revenue, e.g. from the dashboard) opens it.
  const { hash } = useLocation();
  const linked = decodeURIComponent(hash.slice(1));
  useEffect(() => {
    if (linked) document.getElementById(linked)?.scrollIntoView();
  }, [linked]);

  return (
    <>
      <PageHero title={t("title")} text={t("intro")} />
      <Container size="md" py={56}>
        <Stack gap={48}>
          {groups.map((group) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`}>
              <Title order={2} fz={24} mb="md" id={`${group.id}-title`}>
                {group.title}
              </Title>
              <Accordion
                variant="separated"
                radius="md"
                chevronPosition="right"
                defaultValue={group.items.some((item) => item.id === linked) ? linked : null}
              >
                {group.items.map((item) => (
                  <Accordion.Item
                    key={item.id}
                    value={item.id}
                    id={item.id}
                    // A linked answer scrolls into view below the sticky header, not under it.
                    style={{ scrollMarginTop: 96 }}
                  >
                    <Accordion.Control>
                      <Text fw={600}>{item.q}</Text>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Text style={{ whiteSpace: "pre-line" }} c="dark.6">
                        {item.a}
                      </Text>
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))}
        </Stack>
      </Container>
    </>
  );
}
