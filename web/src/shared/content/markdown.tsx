// Renders a content page's markdown (web/content) with Mantine's typography. markdown-to-jsx builds React
// elements, so no HTML string is ever set; raw HTML in a file is not rendered.
import { Anchor, List, Text, Title } from '@mantine/core';
import Markdown from 'markdown-to-jsx';
import type { ReactNode } from 'react';

const H2 = ({ children }: { children: ReactNode }) => (
  <Title order={3} size="h4" mt="md">
    {children}
  </Title>
);
const H3 = ({ children }: { children: ReactNode }) => (
  <Title order={4} size="h5" mt="sm">
    {children}
  </Title>
);
const Paragraph = ({ children }: { children: ReactNode }) => <Text size="sm">{children}</Text>;
const Bullets = ({ children }: { children: ReactNode }) => (
  <List spacing={4} size="sm">
    {children}
  </List>
);
const Numbers = ({ children }: { children: ReactNode }) => (
  <List type="ordered" spacing={4} size="sm">
    {children}
  </List>
);
const Item = ({ children }: { children: ReactNode }) => <List.Item>{children}</List.Item>;
const Link = ({ href, children }: { href: string; children: ReactNode }) => (
  <Anchor href={href} {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}>
    {children}
  </Anchor>
);

export function MarkdownText({ text }: { text: string }) {
  return (
    <Markdown
      options={{
        disableParsingRawHTML: true,
        forceWrapper: true,
        wrapper: 'div',
        overrides: {
          h1: H2,
          h2: H2,
          h3: H3,
          p: Paragraph,
          ul: Bullets,
          ol: Numbers,
          li: Item,
          a: Link,
        },
      }}
    >
      {text}
    </Markdown>
  );
}
