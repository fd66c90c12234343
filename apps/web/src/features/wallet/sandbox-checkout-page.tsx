import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { formatUsd } from './wallet-format';

const groupsOfFour = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const asExpiry = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/** Which input a card refusal is about, from Stripe's wording. */
function fieldOfCardError(message: string | undefined): 'number' | 'expiry' | 'cvc' | undefined {
  if (!message) return undefined;
  if (/expiration/i.test(message)) return 'expiry';
  if (/security code/i.test(message)) return 'cvc';
  return /card/i.test(message) ? 'number' : undefined;
}

/**
 * `/app/dev/checkout/:sessionId`: the sandbox card processor's checkout page. It takes Stripe's test cards
 * (4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined) and reports a payment through the same signed
 * webhook Stripe uses.
 */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useApiQuery(walletEndpoints.sandboxCheckout, { params: { sessionId } }, { retry: false });
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const pay = useApiMutation(walletEndpoints.paySandboxCheckout, {
    showsError: true,
    onSuccess: (answer) => {
      window.location.assign(answer.redirectUrl);
    },
  });
  const field = fieldOfCardError(pay.error?.message);

  return (
    <CenteredPage>
      <Stack gap="md" w="100%" maw={420}>
        <Alert variant="light" color="grape" icon={<IconFlask size={18} />} title="Sandbox checkout">
          No real card is charged. Use Stripe’s test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is
          declined; any future expiry and any CVC.
        </Alert>
        {session.isPending ? (
          <Loader size="sm" />
        ) : session.error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {session.error.message}
          </Alert>
        ) : (
          <Card withBorder padding="lg">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">
                    {session.data.session.description}
                  </Text>
                  <Title order={1} fz="h2">
                    {formatUsd(session.data.session.amountUsd)}
                  </Title>
                </Stack>
                <Badge variant="light" color="grape">
                  Test mode
                </Badge>
              </Group>
              {session.data.session.status !== 'open' ? (
                <Text size="sm">This checkout is {session.data.session.status}.</Text>
              ) : (
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    pay.mutate({ params: { sessionId }, body: card });
                  }}
                >
                  <Stack gap="sm">
                    <TextInput
                      label="Card number"
                      placeholder="4242 4242 4242 4242"
                      inputMode="numeric"
                      autoComplete="cc-number"
                      value={card.number}
                      onChange={(event) =>
                        setCard({ ...card, number: groupsOfFour(event.currentTarget.value) })
                      }
                      error={field === 'number'}
                    />
                    <Group grow>
                      <TextInput
                        label="Expiry"
                        placeholder="MM / YY"
                        inputMode="numeric"
                        autoComplete="cc-exp"
                        value={card.expiry}
                        onChange={(event) =>
                          setCard({ ...card, expiry: asExpiry(event.currentTarget.value) })
                        }
                        error={field === 'expiry'}
                      />
                      <TextInput
                        label="CVC"
                        placeholder="123"
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        value={card.cvc}
                        onChange={(event) =>
                          setCard({ ...card, cvc: event.currentTarget.value.replace(/\D/g, '').slice(0, 4) })
                        }
                        error={field === 'cvc'}
                      />
                    </Group>
                    {pay.error && (
                      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                        {pay.error.message}
                      </Alert>
                    )}
                    <Button type="submit" loading={pay.isPending}>
                      Pay {formatUsd(session.data.session.amountUsd)}
                    </Button>
                    <Button component="a" href={session.data.session.cancelUrl} variant="subtle" color="gray">
                      Cancel and go back
                    </Button>
                  </Stack>
                </form>
              )}
            </Stack>
          </Card>
        )}
      </Stack>
    </CenteredPage>
  );
}
