import { Anchor, Avatar, Button, Box, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPhoneForDisplay } from '@switchboard/core';
import { payPagesEndpoints, webPages } from '@switchboard/contract';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconCreditCardPay,
  IconLink,
  IconMessage,
  IconPhone,
  IconUserQuestion,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CenteredPage } from '../../app/centered-page';
import { StatusPage } from '../../app/status-page';
import { useApiMutation, useApiQuery } from '../../lib/use-api';

const linkIcons: Record<string, Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  tiktok: IconBrandTiktok,
  twitter: IconBrandX,
  x: IconBrandX,
  youtube: IconBrandYoutube,
};

const linkLabel = (type: string) =>
  type.length > 0 ? `${type.charAt(0).toUpperCase()}${type.slice(1)}` : 'Link';

/**
 * `/u/:username`: an account's public page: who it is, its links, buttons to call or text its agent and to pay it.
 * Each visit and each click is counted for the owner's statistics.
 */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const page = useApiQuery(payPagesEndpoints.publicPage, { params: { username } }, { retry: false });
  const count = useApiMutation(payPagesEndpoints.recordPageView, { showsError: true });
  const { mutate } = count;
  useEffect(() => {
    mutate({ body: { username, page: 'profile', target: '' } });
  }, [mutate, username]);
  const clicked = (target: string) => {
    mutate({ body: { username, page: 'link', target } });
  };

  if (page.isPending) {
    return (
      <CenteredPage>
        <Loader />
      </CenteredPage>
    );
  }
  if (page.error) {
    return (
      <StatusPage icon={IconUserQuestion} color="red" title="No such page" description={page.error.message} />
    );
  }
  const { account, agentNumber } = page.data;
  const links: ReactNode = account.socialLinks.length > 0 && (
    <Stack gap="xs" w="100%">
      {account.socialLinks.map((link, index) => {
        const LinkIcon = linkIcons[link.type.toLowerCase()] ?? IconLink;
        return (
          <Button
            key={`${link.type}-${String(index)}`}
            component="a"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            fullWidth
            leftSection={<LinkIcon size={18} />}
            onClick={() => clicked(link.type.toLowerCase())}
          >
            {linkLabel(link.type)}
          </Button>
        );
      })}
    </Stack>
  );
  return (
    <CenteredPage>
      <Box w="100%" maw={440}>
        <Stack gap="md" align="center">
          <Avatar src={account.profileImage} size={88} radius="50%" color="brand">
            {account.displayName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={0} align="center">
            <Title order={1} fz="h2" ta="center">
              {account.displayName}
            </Title>
            <Text c="dimmed">@{account.username}</Text>
          </Stack>
          {account.description && (
            <Text ta="center" size="sm">
              {account.description}
            </Text>
          )}
          {account.socialLinksPosition === 'top' && links}
          {agentNumber && (
            <SimpleGrid cols={2} w="100%">
              <Button
                component="a"
                href={`tel:${agentNumber}`}
                leftSection={<IconPhone size={18} />}
                onClick={() => clicked('call')}
              >
                Call
              </Button>
              <Button
                component="a"
                href={`sms:${agentNumber}`}
                variant="light"
                leftSection={<IconMessage size={18} />}
                onClick={() => clicked('text')}
              >
                Text
              </Button>
            </SimpleGrid>
          )}
          {agentNumber && (
            <Text size="sm" c="dimmed">
              {formatPhoneForDisplay(agentNumber)}
            </Text>
          )}
          <Button
            component={Link}
            to={webPages.payAgent.replace(':slug', account.username)}
            variant="outline"
            fullWidth
            leftSection={<IconCreditCardPay size={18} />}
            onClick={() => clicked('pay')}
          >
            Pay {account.displayName}
          </Button>
          {account.socialLinksPosition !== 'top' && links}
          <Anchor component={Link} to={webPages.app} size="xs" c="dimmed">
            Made with Switchboard
          </Anchor>
        </Stack>
      </Box>
    </CenteredPage>
  );
}
