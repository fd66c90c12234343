import { describe, expect, it } from 'vitest';
import { allOverlayFlags, featureOverlays, findOverlay, overlayDefinitions } from './overlay-registry';

// The accounts area owns these flags in features/accounts/overlays.ts, written separately from the others.
const accountsFlags = new Set([
  'accountSearch',
  'createAgentAccount',
  'createOrgAccount',
  'createResellerAccount',
  'deleteAgent',
  'deleteOrganization',
  'editAvatar',
  'editEmail',
  'editFullName',
  'editUserAccount',
  'editSlug',
  'editPageProfile',
  'editSocial',
  'shareProfile',
  'members',
  'memberInvite',
  'memberDelete',
  'orgAdmin',
  'orgTakeover',
  'orgInfo',
  'partnerInfo',
  'partnerTakeover',
  'resellerPreview',
  'resellerTakeover',
  'resellerInfo',
  'settings',
  'callVerify',
]);

// Written separately; until it lands, only its own flags are allowed to be missing (the test below is skipped).
const hasAccountsOverlays = featureOverlays.has('../../features/accounts/overlays.ts');

function missingFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => findOverlay(flag) === undefined);
}

function definingFiles(flag: string): string[] {
  return [...featureOverlays]
    .filter(([, overlays]) => overlays.some((definition) => definition.flag === flag))
    .map(([path]) => path);
}

describe('overlay registry', () => {
  it('lists each spec flag once', () => {
    expect(new Set(allOverlayFlags).size).toBe(allOverlayFlags.length);
    for (const flag of accountsFlags) expect(allOverlayFlags).toContain(flag);
  });

  it('has a feature defining every flag outside the accounts area', () => {
    expect(missingFlags(allOverlayFlags.filter((flag) => !accountsFlags.has(flag)))).toEqual([]);
  });

  it.skipIf(!hasAccountsOverlays)('has the accounts area defining each of its flags', () => {
    expect(missingFlags([...accountsFlags])).toEqual([]);
  });

  it('has no flag defined by two features or twice in one', () => {
    const counts = new Map<string, number>();
    for (const { flag } of overlayDefinitions) counts.set(flag, (counts.get(flag) ?? 0) + 1);
    const repeated = [...counts]
      .filter(([, count]) => count > 1)
      .map(([flag]) => [flag, definingFiles(flag)]);
    expect(repeated).toEqual([]);
  });

  it('defines no flag outside the spec list', () => {
    const known = new Set<string>(allOverlayFlags);
    expect(overlayDefinitions.map(({ flag }) => flag).filter((flag) => !known.has(flag))).toEqual([]);
  });

  it('keeps each definition in the folder of its area', () => {
    const misplaced = [...featureOverlays].flatMap(([path, overlays]) =>
      overlays
        .filter((definition) => path !== `../../features/${definition.area}/overlays.ts`)
        .map((definition) => `${definition.flag} (area ${definition.area}) in ${path}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('leaves the accounts flags to the accounts area', () => {
    const elsewhere = overlayDefinitions.filter(
      (definition) => accountsFlags.has(definition.flag) && definition.area !== 'accounts',
    );
    expect(elsewhere.map(({ flag }) => flag)).toEqual([]);
  });

  it('loads a component for every overlay', async () => {
    const loaded = await Promise.all(overlayDefinitions.map((definition) => definition.load()));
    for (const module of loaded) expect(typeof module.default).toBe('function');
    // Transforming every overlay's module graph on first import takes seconds on a busy machine.
  }, 60_000);
});
