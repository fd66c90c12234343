import { Alert, Anchor, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { formatPhoneForDisplay } from '@switchboard/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { notify } from '../../app/notify';
import { useOverlay } from '../../app/overlays/use-overlay';
import type { OverlayProps } from '../../app/overlays/overlay-types';
import { callApi } from '../../lib/api-client';
import { connectOwnNumber, readCode, readOwnNumber, sendOwnNumberCode } from './own-number-actions';
import { useAgentNumber, useNumberChanged, useNumberTarget } from './use-agent-number';

type Step = { name: 'number' } | { name: 'code'; number: string } | { name: 'done'; number: string };

/**
 * addCustomNumber: bring a number the customer already owns. They enter it, a code is texted to it, and the code
 * proves they can read its texts; the number then becomes the agent's (replacing the one it had).
 */
export function AddCustomNumberOverlay({ value }: OverlayProps) {
  const targetAccountId = useNumberTarget(value);
  const { current } = useAgentNumber(targetAccountId);
  const numberChanged = useNumberChanged();
  const { open } = useOverlay();
  const [step, setStep] = useState<Step>({ name: 'number' });
  const [numberText, setNumberText] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (number: string) => {
    setBusy(true);
    setFailure(null);
    const outcome = await sendOwnNumberCode(callApi, number, targetAccountId);
    setBusy(false);
    if (!outcome.ok) {
      setFailure(outcome.message);
      return;
    }
    setCode('');
    setStep({ name: 'code', number });
  };

  const submitNumber = (event: SyntheticEvent) => {
    event.preventDefault();
    const read = readOwnNumber(numberText);
    if ('error' in read) {
      setFieldError(read.error);
      return;
    }
    setFieldError(null);
    void send(read.number);
  };

  const submitCode = async (number: string, typed: string) => {
    const read = readCode(typed);
    if ('error' in read) {
      setFieldError(read.error);
      return;
    }
    setFieldError(null);
    setBusy(true);
    setFailure(null);
    const outcome = await connectOwnNumber(callApi, number, read.code, targetAccountId);
    setBusy(false);
    if (!outcome.ok) {
      // The boxes empty so the right code can be typed straight in.
      setCode('');
      setFailure(outcome.message);
      return;
    }
    await numberChanged();
    notify(`${formatPhoneForDisplay(number)} is now the agent’s number`, {
      tone: 'success',
      title: 'Number connected',
    });
    setStep({ name: 'done', number });
  };

  const problem = failure && (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {failure}
    </Alert>
  );

  if (step.name === 'done') {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Number connected">
          {formatPhoneForDisplay(step.number)} is now the agent’s number. Calls and texts that reach it go to
          the agent.
        </Alert>
        <Text size="sm">To have calls to your cell reach the agent too, forward them to this number.</Text>
        <Group>
          <Button onClick={() => open('forwardingInstructions', targetAccountId)}>Forward your calls</Button>
        </Group>
      </Stack>
    );
  }

  if (step.name === 'code') {
    const shown = formatPhoneForDisplay(step.number);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submitCode(step.number, code);
        }}
      >
        <Stack gap="md">
          <Text size="sm">We texted a code to {shown}. Enter it here; it expires in 10 minutes.</Text>
          <div>
            <Text size="sm" fw={500} mb={6} id="byo-code-label">
              Code from the text
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              onComplete={(typed) => void submitCode(step.number, typed)}
              error={fieldError !== null}
              aria-labelledby="byo-code-label"
            />
            {fieldError && (
              <Text size="xs" c="red" mt={4}>
                {fieldError}
              </Text>
            )}
          </div>
          {problem}
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void send(step.number)}
              disabled={busy}
            >
              Send a new code
            </Anchor>
            <Group gap="xs">
              <Button variant="default" onClick={() => setStep({ name: 'number' })} disabled={busy}>
                Change number
              </Button>
              <Button type="submit" loading={busy}>
                Connect number
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitNumber}>
      <Stack gap="md">
        <Text size="sm">
          Use a number you already own, such as your business line. We text a code to it to make sure it is
          yours.
          {current.number !== null &&
            ` It replaces the agent’s current number, ${formatPhoneForDisplay(current.number)}.`}
        </Text>
        <TextInput
          label="Your phone number"
          placeholder="(415) 555-0199"
          inputMode="tel"
          autoComplete="tel"
          value={numberText}
          onChange={(event) => setNumberText(event.currentTarget.value)}
          error={fieldError}
        />
        {problem}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Text me a code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
