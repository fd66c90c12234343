import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { referralsEndpoints, walletEndpoints } from '@switchboard/contract';
import { IconAlertTriangle, IconGift, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../app/notify';
import { useApiMutation, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';

const usd = (value: string) => `$${Number(value).toFixed(2)}`;
const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** referrals: the referral link, invitations by mail or text, and the rewards they earned, claimed into the wallet. */
export function ReferralsOverlay() {
  const { accountId } = usePathAccount();
  const target = accountId === null ? {} : { targetAccountId: accountId };
  const rewards = useApiQuery(referralsEndpoints.referralRewards, target);
  const contacts = useApiQuery(referralsEndpoints.mobileContacts, target);
  const [invitee, setInvitee] = useState('');
  const stale = [referralsEndpoints.referralRewards, referralsEndpoints.mobileContacts];
  const invite = useApiMutation(referralsEndpoints.sendInvite, {
    showsError: true,
    invalidates: stale,
    onSuccess: (answer) => {
      setInvitee('');
      notify(answer.message, { tone: 'success' });
    },
  });
  const claim = useApiMutation(walletEndpoints.claimRewards, {
    invalidates: [...stale, walletEndpoints.getWallet, walletEndpoints.recentTransactions],
    onSuccess: (answer) => notify(`${usd(answer.claimedUsd)} added to the wallet`, { tone: 'success' }),
  });

  if (rewards.isPending) return <Loader size="sm" />;
  if (rewards.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {rewards.error.message}
      </Alert>
    );
  }
  const data = rewards.data;
  const left = Math.max(0, data.invitesPerDay - data.invitesToday);
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group gap="xs">
            <IconGift size={20} />
            <Title order={3} fz="h4">
              Earn {usd(data.rewardUsd)} for each person who joins and pays
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Share your link, or invite someone by email or text below.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput value={data.referralLink} readOnly style={{ flex: 1 }} aria-label="Referral link" />
            <CopyButton value={data.referralLink}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Card>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate({ ...target, body: { target: invitee } });
        }}
      >
        <Stack gap="xs">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Invite by email or phone"
              placeholder="friend@example.com or +1 415 555 0100"
              value={invitee}
              onChange={(event) => setInvitee(event.currentTarget.value)}
              error={invite.error?.message}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={invite.isPending}
              disabled={left === 0}
            >
              Invite
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {left} of {data.invitesPerDay} invitations left today.
          </Text>
        </Stack>
      </form>

      {(contacts.data?.contacts.length ?? 0) > 0 && (
        <Stack gap="xs">
          <Title order={4} fz="h5">
            From your contacts
          </Title>
          <ScrollArea.Autosize mah={220}>
            <Stack gap={6}>
              {contacts.data?.contacts.map((contact) => {
                const address = contact.email ?? contact.phoneNumber ?? '';
                return (
                  <Group key={contact.id} justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" truncate>
                        {contact.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {address}
                      </Text>
                    </Stack>
                    {contact.invited ? (
                      <Badge variant="light" color="gray">
                        Invited
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={left === 0 || invite.isPending}
                        onClick={() => invite.mutate({ ...target, body: { target: address } })}
                      >
                        Invite
                      </Button>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      )}

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} fz="h5">
            Rewards
          </Title>
          <Button
            size="xs"
            disabled={Number(data.unclaimedUsd) <= 0}
            loading={claim.isPending}
            onClick={() => claim.mutate({ ...target, body: { claim: 'all' } })}
          >
            Claim {usd(data.unclaimedUsd)}
          </Button>
        </Group>
        {data.rewards.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rewards yet: one is earned when someone you invited pays for the first time.
          </Text>
        ) : (
          data.rewards.map((reward) => (
            <Group key={reward.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{reward.reason}</Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {usd(reward.amountUsd)}
                </Text>
                <Badge variant="light" color={reward.claimed ? 'gray' : 'teal'}>
                  {reward.claimed ? 'Claimed' : 'Ready'}
                </Badge>
              </Group>
            </Group>
          ))
        )}
      </Stack>

      {data.invites.length > 0 && (
        <Stack gap="xs">
          <Title order={4} fz="h5">
            Invitations
          </Title>
          <Table striped>
            <Table.Tbody>
              {data.invites.map((sent) => (
                <Table.Tr key={sent.id}>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {sent.target}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {when(sent.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={sent.status === 'accepted' ? 'teal' : 'gray'}>
                      {sent.status === 'accepted' ? 'Joined and paid' : 'Sent'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
