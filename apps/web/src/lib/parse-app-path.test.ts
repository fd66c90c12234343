import { describe, expect, it } from 'vitest';
import { appPathSplat, parseAppPath, splitAppPath } from './parse-app-path';

describe('parseAppPath', () => {
  it('pairs a tier with the numeric id after it', () => {
    expect(parseAppPath('reseller/4/org/12/inbox').map((token) => token.token)).toEqual([
      'reseller:4',
      'org:12',
      'inbox',
    ]);
    expect(parseAppPath('agent/7')[0]).toEqual({ kind: 'tier', tier: 'agent', id: 7, token: 'agent:7' });
  });

  it('keeps a tier without a numeric id as a plain segment', () => {
    expect(parseAppPath('org/settings')).toEqual([
      { kind: 'segment', value: 'org', token: 'org' },
      { kind: 'segment', value: 'settings', token: 'settings' },
    ]);
  });

  it('ignores empty segments and decodes the rest', () => {
    expect(parseAppPath('/settings//caf%C3%A9/%E0%A4%A/')).toEqual([
      { kind: 'segment', value: 'settings', token: 'settings' },
      { kind: 'segment', value: 'café', token: 'café' },
      { kind: 'segment', value: '%E0%A4%A', token: '%E0%A4%A' },
    ]);
    expect(parseAppPath('')).toEqual([]);
  });
});

describe('parseAppPath ids', () => {
  it('keeps a tier whose id is not a plain whole number as plain segments', () => {
    expect(parseAppPath('org/3a/agent/-4/reseller/1.5').map((token) => token.kind)).toEqual(
      Array(6).fill('segment'),
    );
    expect(parseAppPath('org/99999999999999999999').map((token) => token.token)).toEqual([
      'org',
      '99999999999999999999',
    ]);
  });

  it('reads an encoded id and tier name after decoding', () => {
    expect(parseAppPath('%6Frg/%33')[0]).toMatchObject({ kind: 'tier', tier: 'org', id: 3 });
  });

  it('leaves a tier name in another case as a segment', () => {
    expect(parseAppPath('Org/3')[0]).toEqual({ kind: 'segment', value: 'Org', token: 'Org' });
  });
});

describe('appPathSplat', () => {
  it('drops a leading /app, the query and the hash', () => {
    expect(appPathSplat('/app/org/3/settings?agentInfo=true#top')).toBe('org/3/settings');
    expect(appPathSplat('/app')).toBe('');
    expect(appPathSplat('/app/')).toBe('');
    expect(appPathSplat('app/org/3')).toBe('org/3');
    expect(appPathSplat('org/3')).toBe('org/3');
  });

  it('does not mistake a segment that starts with app for the root', () => {
    expect(appPathSplat('/apps/x')).toBe('apps/x');
    expect(appPathSplat('/app/app/x')).toBe('app/x');
  });
});

describe('splitAppPath', () => {
  it('reads the chain of accounts and the remaining segments', () => {
    expect(splitAppPath('/app/partner/1/reseller/2/org/3/agent/4/settings/x')).toEqual({
      tiers: [
        { type: 'partner', id: 1 },
        { type: 'reseller', id: 2 },
        { type: 'org', id: 3 },
        { type: 'agent', id: 4 },
      ],
      rest: ['settings', 'x'],
    });
  });

  it('keeps unknown segments and tiers without an id among the rest, decoded', () => {
    expect(splitAppPath('/app/inbox/org/abc/caf%C3%A9/a%2Fb/')).toEqual({
      tiers: [],
      rest: ['inbox', 'org', 'abc', 'café', 'a/b'],
    });
  });

  it('finds accounts after other segments too', () => {
    expect(splitAppPath('/app/org/3/settings/agent/4')).toEqual({
      tiers: [
        { type: 'org', id: 3 },
        { type: 'agent', id: 4 },
      ],
      rest: ['settings'],
    });
  });

  it('reads nothing from the root', () => {
    expect(splitAppPath('/app')).toEqual({ tiers: [], rest: [] });
    expect(splitAppPath('')).toEqual({ tiers: [], rest: [] });
  });
});
