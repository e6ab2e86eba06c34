import { Accordion, Stack, Text, Title } from "@mantine/core";
import { FAQ_TOPICS, type FaqReadEntry } from "@stempla/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { FaqAnswer } from "../../../shared/ui/faq-answer.tsx";

/**
 * The FAQ entries by topic, each answer folded. A link to one answer (/de/faq#estimated-extra-revenue,
 * e.g. from the dashboard's statistics, or #slug from another answer) opens it and scrolls to it.
 */
export function FaqList({ entries, headingOrder = 2 }: { entries: FaqReadEntry[]; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation("faq");
  const { hash } = useLocation();
  const linked = decodeURIComponent(hash.slice(1));
  // Opened by the effect, after the first render: the server renders this page without the hash
  // (browsers never send it), and the hydration must start from the same (decision 012).
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (!linked) return;
    setOpen(linked);
    // After the panel has opened, so the answer's full height is known.
    const frame = requestAnimationFrame(() => document.getElementById(linked)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [linked]);

  const topics = FAQ_TOPICS.map((topic) => ({
    topic,
    items: entries.filter((entry) => entry.topic === topic),
  })).filter((group) => group.items.length > 0);

  if (topics.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t("empty")}
      </Text>
    );
  }

  return (
    <Stack gap={48}>
      {topics.map(({ topic, items }) => (
        <section key={topic} id={topic} aria-labelledby={`${topic}-title`} data-testid="faq-topic">
          <Title order={headingOrder} fz={24} mb="md" id={`${topic}-title`}>
            {t(`topics.${topic}`)}
          </Title>
          <Accordion
            variant="separated"
            radius="md"
            chevronPosition="right"
            value={items.some((item) => item.slug === open) ? open : null}
            onChange={setOpen}
          >
            {items.map((item) => (
              <Accordion.Item
                key={item.slug}
                value={item.slug}
                id={item.slug}
                data-testid="faq-entry"
                // A linked answer scrolls into view below the sticky header, not under it.
                style={{ scrollMarginTop: 96 }}
              >
                <Accordion.Control>
                  <Text fw={600}>{item.question}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <FaqAnswer blocks={item.blocks} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      ))}
    </Stack>
  );
}
