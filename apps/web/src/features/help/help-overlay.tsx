import { Accordion, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconExternalLink, IconMail } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { openExternalUrl } from '../../lib/open-external-url';
import { useBrand } from '../domains';
import { docsPages, withBrand } from './docs-pages';
import { helpQuestions } from './help-questions';

/** help: common questions with answers, the guides, and ways to reach support. */
export default function HelpOverlay() {
  const { profile } = useBrand();
  const { open } = useOverlay();
  const brand = profile.name;
  const supportUrl = profile.ownHost ? null : profile.settings.supportUrl;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Answers to the questions people ask most about {brand}, guides to read, and a way to reach a person.
      </Text>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Common questions
        </Title>
        <Accordion variant="separated" radius="md">
          {helpQuestions.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Control>{withBrand(item.question, brand)}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{withBrand(item.answer, brand)}</Text>
                {item.docs && (
                  <Anchor component="button" size="sm" mt="xs" onClick={() => open('docsPage', item.docs)}>
                    Read the guide
                  </Anchor>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Guides
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {docsPages.map((page) => (
            <Card
              key={page.slug}
              withBorder
              radius="md"
              padding="sm"
              component="button"
              type="button"
              onClick={() => open('docsPage', page.slug)}
              style={{ textAlign: 'left', cursor: 'pointer' }}
            >
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconBook size={18} stroke={1.7} style={{ flexShrink: 0, marginTop: 2 }} />
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {page.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {withBrand(page.summary, brand)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Text fw={600}>Still stuck?</Text>
          <Text size="sm" c="dimmed">
            Write to the {brand} support team and we will answer by email.
          </Text>
          <Group gap="xs">
            <Button leftSection={<IconMail size={16} />} onClick={() => open('form')}>
              Contact support
            </Button>
            {supportUrl && (
              <Button
                variant="default"
                rightSection={<IconExternalLink size={16} />}
                onClick={() => openExternalUrl(supportUrl)}
              >
                Support site
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
