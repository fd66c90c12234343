import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { AvailableNumberView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { confirmAction } from '../../app/confirm-action';
import { notify } from '../../app/notify';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { callApi } from '../../lib/api-client';
import { assignNumber } from './number-actions';
import { NumberResults } from './number-results';
import {
  buildSearch,
  countryOptions,
  emptySearchForm,
  searchFailure,
  searchModes,
  searchNumbers,
  type SearchErrors,
  type SearchForm,
} from './number-search';
import { useAgentNumber, useNumberChanged, useNumberTarget } from './use-agent-number';

interface Failure {
  message: string;
  hint: string | null;
}

function SearchFields({
  form,
  errors,
  set,
}: {
  form: SearchForm;
  errors: SearchErrors;
  set: (change: Partial<SearchForm>) => void;
}) {
  if (form.mode === 'prefix') {
    return (
      <Stack gap="xs">
        <TextInput
          label="Area code"
          placeholder="212"
          inputMode="numeric"
          maxLength={3}
          value={form.prefix}
          error={errors.prefix}
          onChange={(event) => set({ prefix: event.currentTarget.value })}
        />
        <Checkbox
          label="Only this area code (otherwise numbers elsewhere in the same state are shown too)"
          checked={form.strict}
          onChange={(event) => set({ strict: event.currentTarget.checked })}
        />
      </Stack>
    );
  }
  if (form.mode === 'locality') {
    return (
      <Group grow align="flex-start">
        <TextInput
          label="City"
          placeholder="Austin"
          value={form.city}
          error={errors.city}
          onChange={(event) => set({ city: event.currentTarget.value })}
        />
        <TextInput
          label="State or province"
          placeholder="TX"
          description="Optional"
          value={form.region}
          error={errors.region}
          onChange={(event) => set({ region: event.currentTarget.value })}
        />
      </Group>
    );
  }
  return (
    <TextInput
      label="Phrase"
      placeholder="PIZZA"
      description="Letters are matched to their keypad digits; * stands for any one digit."
      maxLength={20}
      value={form.phrase}
      error={errors.phrase}
      onChange={(event) => set({ phrase: event.currentTarget.value })}
    />
  );
}

/** selectNumber: search the numbers for sale by area code, city or vanity phrase and give one to the agent. */
export function SelectNumberOverlay({ value, close }: OverlayProps) {
  const targetAccountId = useNumberTarget(value);
  const agentNumber = useAgentNumber(targetAccountId);
  const numberChanged = useNumberChanged();
  const [form, setForm] = useState<SearchForm>(emptySearchForm);
  const [errors, setErrors] = useState<SearchErrors>({});
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<AvailableNumberView[] | null>(null);
  const [searchError, setSearchError] = useState<Failure | null>(null);
  const [assigning, setAssigning] = useState<string | null>(null);
  const [assignError, setAssignError] = useState<string | null>(null);
  const current = agentNumber.current.number;

  const set = (change: Partial<SearchForm>) => {
    setForm((previous) => ({ ...previous, ...change }));
    setErrors({});
  };

  const search = async (event: SyntheticEvent) => {
    event.preventDefault();
    const built = buildSearch(form);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setSearching(true);
    setSearchError(null);
    setAssignError(null);
    try {
      const target = targetAccountId === null ? {} : { targetAccountId };
      setResults(await searchNumbers(callApi, built.request, target));
    } catch (error) {
      setResults(null);
      setSearchError(searchFailure(error, form.mode));
    } finally {
      setSearching(false);
    }
  };

  const use = async (choice: AvailableNumberView) => {
    setAssigning(choice.phoneNumber);
    setAssignError(null);
    const outcome = await assignNumber({ callApi, confirm: confirmAction, notify }, choice, {
      targetAccountId,
      current,
    });
    setAssigning(null);
    if (outcome.status === 'failed') setAssignError(outcome.message);
    if (outcome.status === 'done') {
      await numberChanged();
      close();
    }
  };

  return (
    <Stack gap="md">
      {agentNumber.isPending ? (
        <Loader size="xs" />
      ) : agentNumber.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {agentNumber.error.message}
        </Alert>
      ) : current ? (
        <Text size="sm" c="dimmed">
          The agent’s number is {formatPhoneForDisplay(current)}. Choosing another one replaces it.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Pick a number and callers can reach the agent by phone and text.
        </Text>
      )}
      <form onSubmit={(event) => void search(event)} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            data={searchModes}
            value={form.mode}
            onChange={(mode) => set({ mode })}
          />
          <Select
            label="Country"
            data={countryOptions}
            value={form.country}
            allowDeselect={false}
            onChange={(country) => {
              if (country) set({ country });
            }}
          />
          <SearchFields form={form} errors={errors} set={set} />
          <Group justify="flex-end">
            <Button type="submit" loading={searching} leftSection={<IconSearch size={16} />}>
              Search
            </Button>
          </Group>
        </Stack>
      </form>
      {searchError && (
        <Alert color="orange" variant="light" title={searchError.message} role="alert">
          {searchError.hint}
        </Alert>
      )}
      {assignError && (
        <Alert color="red" variant="light" title="The number was not assigned" role="alert">
          {assignError}
        </Alert>
      )}
      {results && (
        <NumberResults numbers={results} assigning={assigning} onUse={(choice) => void use(choice)} />
      )}
    </Stack>
  );
}
