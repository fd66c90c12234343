import { Alert, Anchor, Divider, Grid, List, NavLink, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { useOverlay } from '../../app/overlays/use-overlay';
import { DeveloperExamples } from '../developer';
import { useBrand } from '../domains';
import { docsPages, findDocsPage, withBrand, type DocsBlock, type DocsPage } from './docs-pages';

const firstPage: DocsPage = docsPages[0] ?? { slug: '', title: 'Documentation', summary: '', blocks: [] };

function Block({ block, brand }: { block: DocsBlock; brand: string }) {
  switch (block.kind) {
    case 'text':
      return <Text size="sm">{withBrand(block.text, brand)}</Text>;
    case 'heading':
      return (
        <Title order={3} size="h5" mt="sm">
          {withBrand(block.text, brand)}
        </Title>
      );
    case 'list':
    case 'steps':
      return (
        <List type={block.kind === 'steps' ? 'ordered' : 'unordered'} size="sm" spacing={6}>
          {block.items.map((item) => (
            <List.Item key={item}>{withBrand(item, brand)}</List.Item>
          ))}
        </List>
      );
    case 'developerExamples':
      return <DeveloperExamples />;
    case 'tip':
      return (
        <Alert variant="light" color="brand" icon={<IconBulb size={18} />} title="Tip" mt="xs">
          {withBrand(block.text, brand)}
        </Alert>
      );
  }
}

/** docsPage=<slug>: one page of the product documentation, with the list of pages beside it. */
export default function DocsPageOverlay({ value }: OverlayProps) {
  const { profile } = useBrand();
  const { open } = useOverlay();
  const requested = findDocsPage(value);
  const page = requested ?? firstPage;
  // The flag takes the new page's slug, so the drawer shows it in place (Back returns to the previous page).
  const show = (slug: string) => open('docsPage', slug);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Stack gap={2} component="nav" aria-label="Documentation pages">
          {docsPages.map((item) => (
            <NavLink
              key={item.slug}
              label={item.title}
              active={item.slug === page.slug}
              onClick={() => show(item.slug)}
              variant="light"
            />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Stack gap="sm" component="article">
          {value !== null && !requested && (
            <Alert color="yellow" variant="light">
              There is no page called “{value}”. Here is where to start instead.
            </Alert>
          )}
          <Title order={2} size="h3">
            {page.title}
          </Title>
          <Text c="dimmed" size="sm">
            {withBrand(page.summary, profile.name)}
          </Text>
          <Divider />
          {page.blocks.map((block, index) => (
            <Block key={index} block={block} brand={profile.name} />
          ))}
          <Divider mt="md" />
          <Text size="sm" c="dimmed">
            Did not find your answer?{' '}
            <Anchor component="button" size="sm" onClick={() => open('form')}>
              Contact support
            </Anchor>
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
