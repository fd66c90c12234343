import { Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';

export interface PayerDetails {
  amount: number;
  email: string;
  name: string;
  note: string;
}

/** What the payer fills in: the amount (USD), and optionally their name, email for the receipt, and a note. */
export function PayerForm({
  value,
  onChange,
  amountError,
  minUsd,
}: {
  value: PayerDetails;
  onChange: (next: PayerDetails) => void;
  amountError: string | null;
  minUsd: number;
}) {
  return (
    <Stack gap="sm">
      <NumberInput
        label="Amount (USD)"
        prefix="$"
        decimalScale={2}
        min={minUsd}
        max={10_000}
        clampBehavior="none"
        allowNegative={false}
        value={value.amount}
        onChange={(amount) =>
          onChange({ ...value, amount: typeof amount === 'number' ? amount : Number(amount) || 0 })
        }
        error={amountError}
        required
      />
      <Group grow align="flex-start">
        <TextInput
          label="Your name"
          placeholder="Optional"
          autoComplete="name"
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
        />
        <TextInput
          label="Email for the receipt"
          placeholder="Optional"
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.currentTarget.value })}
        />
      </Group>
      <Textarea
        label="Note"
        placeholder="What is it for? (optional)"
        autosize
        minRows={1}
        maxLength={500}
        value={value.note}
        onChange={(event) => onChange({ ...value, note: event.currentTarget.value })}
      />
    </Stack>
  );
}
