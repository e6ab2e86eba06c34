import { Accordion, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
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
              <Accordion variant="separated" radius="md" chevronPosition="right">
                {group.items.map((item) => (
                  <Accordion.Item key={item.id} value={item.id} id={item.id}>
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
