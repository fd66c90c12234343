import { describe, expect, it } from 'vitest';
import { parseAppPath } from './parse-app-path';

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
