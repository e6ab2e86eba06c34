import { Alert, Anchor, Stack, Text } from "@mantine/core";
import type { FaqBlock, FaqInline } from "@stempla/domain";
import { Fragment } from "react";
import { Link } from "react-router";
import { Icon } from "./icons.tsx";

/**
 * An FAQ answer from its converted blocks (faqAnswerBlocks, spec section 7): paragraphs, red
 * danger blocks, line breaks and links. Everything is a React element or escaped text, never
 * HTML from the answer, so a `<script>` in an answer stays text.
 */
export function FaqAnswer({ blocks }: { blocks: FaqBlock[] }) {
  return (
    <Stack gap="sm">
      {blocks.map((block, index) =>
        block.type === "danger" ? (
          <Alert
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one answer never reorder
            key={index}
            color="red"
            variant="light"
            radius="md"
            icon={<Icon name="warning" size={18} />}
            className="faq-danger"
            data-testid="faq-danger"
            styles={{
              message: { color: "var(--mantine-color-dark-8)", fontSize: "var(--mantine-font-size-md)" },
            }}
          >
            <Inlines nodes={block.children} />
          </Alert>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one answer never reorder
          <Text key={index} c="dark.6">
            <Inlines nodes={block.children} />
          </Text>
        ),
      )}
    </Stack>
  );
}

function Inlines({ nodes }: { nodes: FaqInline[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: the nodes of one block never reorder
  return nodes.map((node, index) => <Fragment key={index}>{inline(node)}</Fragment>);
}

function inline(node: FaqInline) {
  if (node.type === "text") return node.text;
  if (node.type === "break") return <br />;
  if (node.kind === "external") {
    return (
      <Anchor href={node.href} target="_blank" rel="noopener noreferrer" inherit underline="always">
        {node.text}
      </Anchor>
    );
  }
  return (
    <Anchor
      component={Link}
      to={node.href}
      // The spec's "locale link" class marks links into the site in the reader's language.
      className={node.kind === "locale" ? "locale-link" : undefined}
      inherit
      underline="always"
    >
      {node.text}
    </Anchor>
  );
}
