import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { endpoints, type AccountView, type BrandProfileView } from '@switchboard/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { notify } from '../../app/notify';
import { ApiError } from '../../lib/api-error';
import { readSessionToken } from '../../lib/session';
import { apiQueryScope, useApiMutation, useApiQuery } from '../../lib/use-api';

interface Draft {
  name: string;
  supportUrl: string;
  supportEmail: string;
  smsMessaging: boolean;
  allowEmbeds: boolean;
  appScripts: string;
  favorites: string[];
}

const draftOf = (profile: BrandProfileView | null, fallbackName: string): Draft => ({
  name: profile?.name ?? fallbackName,
  supportUrl: profile?.supportUrl ?? '',
  supportEmail: profile?.supportEmail ?? '',
  smsMessaging: profile?.smsMessaging ?? false,
  allowEmbeds: profile?.allowEmbeds ?? false,
  appScripts: (profile?.appScripts ?? []).join('\n'),
  favorites: profile?.favorites ?? [],
});

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

const scriptLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The page's Content-Security-Policy runs a brand's scripts from its https origins only (the server refuses others). */
function scriptsProblem(text: string): string | null {
  const index = scriptLines(text).findIndex((line) => !/^https:\/\/\S+$/i.test(line));
  return index < 0 ? null : `Line ${index + 1}: scripts load only from https:// addresses`;
}

async function uploadLogo(file: File, accountId: number): Promise<void> {
  const form = new FormData();
  form.append('image', file);
  const query = new URLSearchParams({ token: readSessionToken() ?? '', targetAccountId: String(accountId) });
  const response = await fetch(`${endpoints.uploadBrandLogo.path}?${query.toString()}`, {
    method: 'POST',
    body: form,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, 'BAD_REQUEST', body.message ?? 'The logo could not be uploaded');
  }
}

function BrandForm({ account, profile }: { account: AccountView; profile: BrandProfileView | null }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(profile, account.displayName));
  const [uploading, setUploading] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.getBrandProfile) }),
      // The page's own brand may be this one.
      queryClient.invalidateQueries({ queryKey: ['domain-profile'] }),
    ]);
  // The form remounts on the saved copy, so the toast is shown here rather than in a per-call callback.
  const save = useApiMutation(endpoints.saveBrandProfile, {
    showsError: true,
    onSuccess: async (_body, input) => {
      notify(input.body.image === null ? 'Logo removed' : 'White-label brand saved', { tone: 'success' });
      await refresh();
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });

  const scriptsError = scriptsProblem(draft.appScripts);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (scriptsError) return;
    save.mutate({
      targetAccountId: account.id,
      body: {
        name: draft.name,
        supportUrl: blankToNull(draft.supportUrl),
        supportEmail: blankToNull(draft.supportEmail),
        smsMessaging: draft.smsMessaging,
        allowEmbeds: draft.allowEmbeds,
        appScripts: scriptLines(draft.appScripts),
        favorites: draft.favorites,
      },
    });
  };

  const changeLogo = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      await uploadLogo(file, account.id);
      await refresh();
      notify('Logo saved', { tone: 'success' });
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'The logo could not be uploaded', {
        tone: 'error',
      });
    } finally {
      setUploading(false);
    }
  };

  const removeLogo = () =>
    save.mutate({ targetAccountId: account.id, body: { name: profile?.name ?? draft.name, image: null } });

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Brand name"
          description="Shown in the header, the page title and the help instead of the product's name"
          required
          maxLength={80}
          value={draft.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Group gap="md" wrap="nowrap">
          <Avatar src={profile?.image ?? null} size={56} radius="md" color="brand" alt="Logo">
            <IconPhoto size={24} />
          </Avatar>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Logo
            </Text>
            <Group gap="xs">
              <FileButton
                onChange={(file) => void changeLogo(file)}
                accept="image/png,image/jpeg,image/webp,image/gif"
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="default"
                    loading={uploading}
                    disabled={profile === null}
                  >
                    {profile?.image ? 'Replace' : 'Upload'}
                  </Button>
                )}
              </FileButton>
              {profile?.image && (
                <Button size="xs" variant="subtle" color="red" onClick={removeLogo}>
                  Remove
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {profile === null
                ? 'Save the brand first, then add its logo.'
                : 'PNG, JPEG, WebP or GIF, up to 5 MB.'}
            </Text>
          </Stack>
        </Group>
        <TextInput
          label="Support page"
          description="On your domains, the help button opens this page in a new tab"
          placeholder="https://help.yourcompany.com"
          value={draft.supportUrl}
          onChange={(event) => set('supportUrl', event.currentTarget.value)}
        />
        <TextInput
          label="Support email"
          description="Where the contact-support form sends messages written on your domains"
          placeholder="support@yourcompany.com"
          type="email"
          value={draft.supportEmail}
          onChange={(event) => set('supportEmail', event.currentTarget.value)}
        />
        <Switch
          label="SMS messaging"
          description="Agents served under this brand may send and receive text messages"
          checked={draft.smsMessaging}
          onChange={(event) => set('smsMessaging', event.currentTarget.checked)}
        />
        <Switch
          label="Allow embedding"
          description="Your organizations may embed the app and agent buttons in their own websites"
          checked={draft.allowEmbeds}
          onChange={(event) => set('allowEmbeds', event.currentTarget.checked)}
        />
        <Textarea
          label="Scripts"
          description="https:// addresses of scripts to load on your domains (analytics, chat), one a line, at most 5"
          autosize
          minRows={2}
          value={draft.appScripts}
          error={scriptsError}
          onChange={(event) => set('appScripts', event.currentTarget.value)}
        />
        <TagsInput
          label="Featured agents"
          description="Usernames of agents to feature on your brand"
          value={draft.favorites}
          onChange={(value) => set('favorites', value)}
          maxTags={20}
          clearable
        />
        {save.isError && (
          <Alert color="red" variant="light" title="Not saved">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save brand
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A partner's or reseller's white-label brand: name, logo, support page and email, and the brand's switches. */
export function BrandProfileCard({ account }: { account: AccountView }) {
  const brandTier = account.accountType === 'partner' || account.accountType === 'reseller';
  const brand = useApiQuery(
    endpoints.getBrandProfile,
    { targetAccountId: account.id },
    { enabled: brandTier },
  );
  if (!brandTier) return null;
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>White-label brand</Text>
          <Text size="sm" c="dimmed">
            How the app looks on your domains and on those of the organizations below you.
          </Text>
        </Stack>
        {brand.isPending && <Loader size="sm" />}
        {brand.isError && (
          <Text size="sm" c="red">
            {brand.error.message}
          </Text>
        )}
        {brand.data &&
          (brand.data.canEdit ? (
            <BrandForm
              key={brand.data.profile?.updatedAt ?? 'new'}
              account={account}
              profile={brand.data.profile}
            />
          ) : (
            <Text size="sm">
              {brand.data.profile ? `Brand: ${brand.data.profile.name}` : 'No white-label brand is set.'}
            </Text>
          ))}
      </Stack>
    </Card>
  );
}
