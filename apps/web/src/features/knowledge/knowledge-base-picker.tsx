import { MultiSelect, Stack, Text } from '@mantine/core';
import { endpoints } from '@switchboard/contract';
import { accountScope, usePathTiers } from '../../lib/path-tiers';
import { useApiQuery } from '../../lib/use-api';

/** The agent editor's choice of the organization's knowledge bases the agent searches. */
export function KnowledgeBasePicker({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const tiers = usePathTiers();
  const agentId = tiers.find((tier) => tier.tier === 'agent')?.id ?? null;
  const bases = useApiQuery(endpoints.listKnowledgeBases, accountScope(agentId));
  const items = bases.data?.items ?? [];
  const known = new Set(items.map((item) => item.id));
  const data = [
    ...items.map((item) => ({
      value: item.id,
      label: `${item.title} (${item.documents.ready} of ${item.documents.total} pages ready)`,
    })),
    // An attached base that was deleted still shows, so it can be removed.
    ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `${id} (deleted)` })),
  ];
  return (
    <Stack gap={4}>
      <MultiSelect
        label="Knowledge bases"
        description="Web pages and documents of your organization the agent searches to answer questions."
        placeholder={items.length === 0 ? 'No knowledge bases yet' : 'Choose knowledge bases'}
        data={data}
        value={[...value]}
        onChange={onChange}
        searchable
        clearable
        disabled={bases.isPending}
        error={bases.error?.message}
        nothingFoundMessage="No knowledge base by that name"
      />
      <Text size="xs" c="dimmed">
        Knowledge bases are added and filled in the organization&apos;s Knowledge section.
      </Text>
    </Stack>
  );
}
