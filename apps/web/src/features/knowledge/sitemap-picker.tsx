import { Box, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { endpoints } from '@switchboard/contract';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';

/** A site's sitemap read into a list of its pages, to choose which to add (all by default). */
export function SitemapPicker({ baseId, accountId }: { baseId: string; accountId: number }) {
  const scope = { targetAccountId: accountId };
  const [site, setSite] = useState('');
  const [links, setLinks] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const find = useApiMutation(endpoints.fetchSitemap, {
    onSuccess: (answer) => {
      setLinks(answer.links);
      setChosen(new Set(answer.links));
    },
  });
  const add = useApiMutation(endpoints.addKnowledgeDocuments, {
    invalidates: [endpoints.getKnowledgeBase, endpoints.listKnowledgeBases],
    onSuccess: () => {
      setLinks(null);
      setSite('');
    },
  });
  const toggle = (link: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(link)) next.delete(link);
      else next.add(link);
      return next;
    });
  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          find.mutate({ body: { url: site, knowledgeBaseId: baseId }, ...scope });
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Add a website"
            description="Its address or its sitemap's; the sitemap lists the pages to choose from."
            placeholder="https://example.com"
            value={site}
            onChange={(event) => setSite(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconSitemap size={16} />}
            loading={find.isPending}
          >
            Find pages
          </Button>
        </Group>
      </form>
      {links !== null ? (
        <Stack gap="xs" aria-label="Sitemap pages">
          <Group justify="space-between">
            <Text size="sm">
              {links.length === 0
                ? 'No new pages in this sitemap.'
                : `${chosen.size} of ${links.length} pages chosen`}
            </Text>
            {links.length > 0 ? (
              <Checkbox
                label="All"
                checked={chosen.size === links.length}
                indeterminate={chosen.size > 0 && chosen.size < links.length}
                onChange={() => setChosen(chosen.size === links.length ? new Set() : new Set(links))}
              />
            ) : null}
          </Group>
          <Box mah={200} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
            <Stack gap={4}>
              {links.map((link) => (
                <Checkbox
                  key={link}
                  label={link}
                  checked={chosen.has(link)}
                  onChange={() => toggle(link)}
                  styles={{ label: { wordBreak: 'break-all' } }}
                />
              ))}
            </Stack>
          </Box>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLinks(null)}>
              Cancel
            </Button>
            <Button
              disabled={chosen.size === 0}
              loading={add.isPending}
              onClick={() =>
                add.mutate({ params: { id: baseId }, body: { urls: [...chosen].slice(0, 100) }, ...scope })
              }
            >
              Add {chosen.size} {chosen.size === 1 ? 'page' : 'pages'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
