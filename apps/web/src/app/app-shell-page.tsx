import {
  AppShell,
  Burger,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { parseAppPath } from '../lib/parse-app-path';
import { isMobileApp } from '../lib/mobile-flags';
import { clearSession, readSessionToken } from '../lib/session';
import { HelpButton } from '../features/help/help-button';
import { BrandMark } from './brand-mark';
import classes from './app-shell-page.module.css';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { showPageChrome } from './page-chrome';
import { OverlayHost } from './overlays/overlay-host';
import { useOverlayLink } from './shell/overlay-link';
import { FavouriteAgents } from './shell/favourite-agents';
import { SectionOutlet } from './shell/section-outlet';
import { SettingsScreen } from './shell/settings-screen';
import { TierBreadcrumbs } from './shell/tier-breadcrumbs';
import { TierHome } from './shell/tier-home';
import { tierOfType } from './shell/tiers';
import { useAccount } from './shell/use-current-account';
import { useRememberLastAccount } from './shell/use-remember-last-account';
import { UserMenu, type HandOffTarget } from './shell/user-menu';
import { UnpaidBanner } from '../features/billing';
import { EmptyWalletBanner, WalletBalanceButton } from '../features/wallet';
import { workspaceSections } from './shell/workspace-sections';
import { useBrand } from '../features/domains/use-brand';

/** An organization may limit the overlays its people can open (settings.allowedOverlays); absent means all. */
function allowedOverlays(settings: Record<string, unknown>): ReadonlySet<string> | null {
  const allowed = settings.allowedOverlays;
  return Array.isArray(allowed)
    ? new Set(allowed.filter((flag): flag is string => typeof flag === 'string'))
    : null;
}

function inMobileAppOrFrame(): boolean {
  try {
    return isMobileApp(window.localStorage) || window.parent !== window;
  } catch {
    return false;
  }
}

/** The signed-in workspace (`/app/*`): tier breadcrumbs, the navigation of the current account, its screens. */
export function AppShellPage() {
  const tokens = parseAppPath(useParams()['*'] ?? '');
  const tiers = tokens.flatMap((token) => (token.kind === 'tier' ? [token] : []));
  const current = tiers.at(-1) ?? null;
  const { search } = useLocation();
  const section = tokens.at(-1)?.kind === 'segment' ? (tokens.at(-1)?.token ?? '') : '';
  const [navOpen, nav] = useDisclosure(false);
  const wide = useMediaQuery('(min-width: 768px)');
  const openOverlay = useOverlayLink();
  const brand = useBrand();
  const account = useAccount(current?.id ?? null);
  useRememberLastAccount(current);
  // The workspace toasts and confirms: load their host now rather than on the first one.
  useEffect(() => void showPageChrome(), []);

  if (readSessionToken() === null) return <Navigate to="/app" replace />;
  if (account.isPending) {
    return (
      <Group justify="center" h="100vh">
        <Loader />
      </Group>
    );
  }
  if (account.isError) {
    // A session the server no longer accepts (revoked, expired, account disabled) is a sign-out.
    if (account.error.status === 401 || (account.error.status === 403 && current === null)) {
      clearSession();
      return <Navigate to="/app" replace />;
    }
    return (
      <Stack align="center" justify="center" h="100vh" gap="xs">
        <Text fw={600}>This account cannot be opened</Text>
        <Text c="dimmed" size="sm">
          {account.error.message}
        </Text>
        <Link to="/app">Back to your account</Link>
      </Stack>
    );
  }
  const data = account.data;
  // A path without tiers opens the signed-in account's own workspace, with the overlays it asked for.
  if (!current) {
    const pathname = `/app/${tierOfType[data.account.accountType]}/${data.account.id}`;
    return <Navigate to={{ pathname, search }} replace />;
  }

  const basePath = `/app/${tiers.map((tier) => `${tier.tier}/${tier.id}`).join('/')}`;
  const sections = workspaceSections.filter((item) => item.types.includes(data.account.accountType));
  const active = sections.find((item) => item.segment === section) ?? sections[0];
  // On settings screens the sidebar shrinks to icons on larger screens (spec §2).
  const minimized = section === 'settings' && wide;
  // Partner, reseller and organization workspaces can be handed to the native app on a phone, inside it or framed.
  const handOff: HandOffTarget | null =
    current.tier !== 'agent' && (!wide || inMobileAppOrFrame())
      ? { kind: current.tier, id: current.id, path: section ? `/${section}` : '/' }
      : null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: minimized ? 72 : 240, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="lg"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Burger opened={navOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Navigation" />
            <UnstyledButton component={Link} to="/app/home" aria-label={`${brand.profile.name} home`} miw={0}>
              {/* On a phone the header keeps the mark; the name would sit under the wallet and menus. */}
              <BrandMark nameVisibleFrom="xs" />
            </UnstyledButton>
            <TierBreadcrumbs tiers={tiers} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <WalletBalanceButton />
            <HelpButton />
            <ColorSchemeToggle hint={Tooltip} />
            <UserMenu user={data.user} onSettings={() => openOverlay('settings')} handOff={handOff} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          {sections.map((item) => {
            const link = (
              <NavLink
                key={item.segment}
                component={Link}
                to={item.segment ? `${basePath}/${item.segment}` : basePath}
                label={minimized ? undefined : item.label}
                aria-label={item.label}
                leftSection={<item.icon size={18} stroke={1.7} />}
                active={item === active}
                onClick={nav.close}
              />
            );
            return minimized ? (
              <Tooltip key={item.segment} label={item.label} position="right">
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
          {data.account.accountType === 'organization' && !minimized && (
            <FavouriteAgents organizationId={data.account.id} basePath={basePath} onNavigate={nav.close} />
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {(data.account.accountType === 'organization' || data.account.accountType === 'agent') && (
          <>
            <UnpaidBanner accountId={data.account.id} />
            <EmptyWalletBanner
              accountId={data.account.id}
              payerAccountId={
                data.account.accountType === 'agent'
                  ? (data.account.organizationId ?? data.account.parentId ?? data.account.id)
                  : data.account.id
              }
            />
          </>
        )}
        {!active || active.segment === '' ? (
          <TierHome account={data.account} basePath={basePath} />
        ) : active.segment === 'settings' ? (
          <SettingsScreen data={data} />
        ) : (
          <SectionOutlet key={active.segment} section={active} account={data.account} basePath={basePath} />
        )}
      </AppShell.Main>
      <OverlayHost allowedFlags={allowedOverlays(data.account.settings)} />
    </AppShell>
  );
}
