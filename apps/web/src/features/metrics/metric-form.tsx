import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { endpoints, metricAggregations, metricFormats, type MetricDefinition } from '@switchboard/contract';
import { aggregateFunctions, scalarFunctions, validateFormula } from '@switchboard/formula';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callApi } from '../../lib/api-client';
import { dateLabel, datePresets } from '../logs';
import { formatMetric, nameFromTitle, wordAt } from './metric-format';

const functions = [...aggregateFunctions, ...scalarFunctions];
const functionHelp: Record<string, string> = {
  sum: 'total over the calls',
  avg: 'average',
  min: 'smallest',
  max: 'largest',
  count: 'calls (where true)',
  d_count: 'distinct values',
  med: 'median',
  variance: 'sample variance',
  std_dev: 'standard deviation',
  abs: 'absolute value',
  if: 'if(condition, then, else)',
  now: 'now, in seconds',
  timestamp_diff: "timestamp_diff(a, b, 'days')",
};

export interface MetricFormProps {
  initial: MetricDefinition;
  isNew: boolean;
  /** The account's log fields a formula may name. */
  fields: string[];
  target: { targetAccountId?: number };
  saving: boolean;
  onSave: (metric: MetricDefinition) => Promise<void>;
}

/** One metric's formula builder: field and function suggestions, live checks, and a preview of its value. */
export function MetricForm(props: MetricFormProps) {
  const [metric, setMetric] = useState<MetricDefinition>(props.initial);
  const [cursor, setCursor] = useState(props.initial.formula.length);
  const formulaRef = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<MetricDefinition>) => setMetric((current) => ({ ...current, ...patch }));
  const problem = validateFormula(metric.formula, props.fields);
  const [debounced] = useDebouncedValue(metric, 400);
  const debouncedValid =
    validateFormula(debounced.formula, props.fields) === null && debounced.title.trim() !== '';
  const name = props.isNew ? nameFromTitle(debounced.title || 'metric') : debounced.name;
  const preview = useQuery({
    queryKey: ['metric preview', props.target, debounced, name],
    enabled: debouncedValid,
    queryFn: () =>
      callApi(endpoints.previewMetric, { ...props.target, body: { metric: { ...debounced, name } } }),
    retry: false,
  });

  const { word, start } = wordAt(metric.formula, cursor);
  const lower = word.toLowerCase();
  const fieldHints = props.fields
    .filter((field) => word === '' || field.toLowerCase().startsWith(lower))
    .slice(0, 12);
  const functionHints = functions.filter((fn) => word === '' || fn.startsWith(lower));
  const insert = (text: string) => {
    const next = `${metric.formula.slice(0, start)}${text}${metric.formula.slice(cursor)}`;
    set({ formula: next });
    const at = start + text.length;
    setCursor(at);
    requestAnimationFrame(() => {
      formulaRef.current?.focus();
      formulaRef.current?.setSelectionRange(at, at);
    });
  };

  const submit = () => {
    const finalName = props.isNew ? nameFromTitle(metric.title) : metric.name;
    void props.onSave({ ...metric, name: finalName, title: metric.title.trim() });
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        placeholder="Long inbound calls"
        value={metric.title}
        onChange={(event) => set({ title: event.currentTarget.value })}
        required
      />
      <Textarea
        ref={formulaRef}
        label="Formula"
        description="Fields of your calls with arithmetic, comparisons and functions, e.g. count(duration > 120) / count() * 100"
        placeholder="sum(duration) / 60"
        value={metric.formula}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onChange={(event) => {
          set({ formula: event.currentTarget.value });
          setCursor(event.currentTarget.selectionStart);
        }}
        onSelect={(event) => setCursor(event.currentTarget.selectionStart)}
        error={metric.formula === '' ? null : problem}
        data-testid="formula-input"
      />
      {metric.formula !== '' && problem === null && (
        <Text size="xs" c="teal" mt={-8}>
          Valid formula
        </Text>
      )}
      <Stack gap={6}>
        <Text size="xs" c="dimmed" fw={500}>
          Fields
        </Text>
        <Group gap={6}>
          {fieldHints.map((field) => (
            <Badge
              key={field}
              variant="light"
              style={{ cursor: 'pointer', textTransform: 'none' }}
              onClick={() => insert(field)}
            >
              {field}
            </Badge>
          ))}
          {fieldHints.length === 0 && (
            <Text size="xs" c="dimmed">
              No field starts with “{word}”
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" fw={500}>
          Functions
        </Text>
        <Group gap={6}>
          {functionHints.map((fn) => (
            <Tooltip key={fn} label={functionHelp[fn] ?? fn}>
              <Badge
                variant="outline"
                color="gray"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                onClick={() => insert(`${fn}(`)}
              >
                {fn}()
              </Badge>
            </Tooltip>
          ))}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Combine per-call values with"
          description="Used when the formula has no function like sum()"
          data={metricAggregations.map((value) => ({ value, label: value }))}
          value={metric.aggregation}
          onChange={(value) => value && set({ aggregation: value })}
          allowDeselect={false}
        />
        <Select
          label="Date range"
          data={datePresets.map((value) => ({ value, label: dateLabel(value) }))}
          value={metric.dateFilter}
          onChange={(value) => value && set({ dateFilter: value })}
          allowDeselect={false}
        />
        <Select
          label="Format"
          data={metricFormats.map((value) => ({ value, label: value }))}
          value={metric.format}
          onChange={(value) => value && set({ format: value })}
          allowDeselect={false}
        />
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            label="Scale"
            value={metric.scale}
            onChange={(value) => set({ scale: typeof value === 'number' ? value : 1 })}
            decimalScale={7}
          />
          <NumberInput
            label="Decimals"
            value={metric.precision}
            min={0}
            max={6}
            onChange={(value) => set({ precision: typeof value === 'number' ? value : 0 })}
          />
        </Group>
      </SimpleGrid>
      {Object.keys(metric.filters).length > 0 && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Only calls where
          </Text>
          {Object.entries(metric.filters).map(([field, filter]) => (
            <Badge key={field} variant="light" color="gray" style={{ textTransform: 'none' }}>
              {field} = {typeof filter === 'object' ? String(filter.value) : String(filter)}
            </Badge>
          ))}
        </Group>
      )}
      <Paper withBorder p="sm">
        <Text size="xs" c="dimmed">
          Preview over {dateLabel(metric.dateFilter).toLowerCase()}
        </Text>
        <Text fz={24} fw={700} data-testid="metric-preview">
          {!debouncedValid
            ? '—'
            : preview.isFetching
              ? '…'
              : preview.isError
                ? 'Cannot compute'
                : formatMetric(preview.data?.metric.value ?? null, metric.format, metric.precision)}
        </Text>
        {preview.isError && (
          <Text size="xs" c="red">
            {preview.error.message}
          </Text>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button
          onClick={submit}
          loading={props.saving}
          disabled={problem !== null || metric.title.trim() === ''}
        >
          {props.isNew ? 'Add to dashboard' : 'Save metric'}
        </Button>
      </Group>
    </Stack>
  );
}
