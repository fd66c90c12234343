import { describe, expect, it } from 'vitest';
import { backPath, breadcrumbs, currentTier, isSettingsPath, pushPath, tierPath } from './app-navigation';

describe('backPath', () => {
  it('drops a tier and its id as one token', () => {
    expect(backPath('/app/org/3/agent/4')).toBe('/app/org/3');
    expect(backPath('/app/org/3')).toBe('/app');
  });

  it('drops a plain last segment', () => {
    expect(backPath('/app/org/3/settings')).toBe('/app/org/3');
    expect(backPath('/app/org/3/settings/billing')).toBe('/app/org/3/settings');
  });

  it('stays at the root', () => {
    expect(backPath('/app')).toBe('/app');
    expect(backPath('/app/')).toBe('/app');
    expect(backPath('')).toBe('/app');
  });

  it('ignores trailing and doubled slashes, the query and the hash', () => {
    expect(backPath('/app/org/3/settings/')).toBe('/app/org/3');
    expect(backPath('/app//org//3///settings')).toBe('/app/org/3');
    expect(backPath('/app/org/3/agent/4?agentInfo=true#x')).toBe('/app/org/3');
  });

  it('drops a non-numeric id alone, since it is not a tier', () => {
    expect(backPath('/app/org/3/agent/abc')).toBe('/app/org/3/agent');
    expect(backPath('/app/org/3/9')).toBe('/app/org/3');
  });

  it('keeps earlier segments encoded', () => {
    expect(backPath('/app/org/3/caf%C3%A9/a%2Fb/x')).toBe('/app/org/3/caf%C3%A9/a%2Fb');
  });
});

describe('pushPath', () => {
  it('replaces a plain last segment', () => {
    expect(pushPath('/app/org/3/settings', 'inbox')).toBe('/app/org/3/inbox');
    expect(pushPath('/app/inbox', 'contacts')).toBe('/app/contacts');
  });

  it('appends after a numeric last segment', () => {
    expect(pushPath('/app/org/3', 'inbox')).toBe('/app/org/3/inbox');
    expect(pushPath('/app/settings/7', 'inbox')).toBe('/app/settings/7/inbox');
  });

  it('appends at the root', () => {
    expect(pushPath('/app', 'inbox')).toBe('/app/inbox');
    expect(pushPath('/app/', 'inbox')).toBe('/app/inbox');
  });

  it('ignores a trailing slash, the query and the hash', () => {
    expect(pushPath('/app/org/3/settings/', 'inbox')).toBe('/app/org/3/inbox');
    expect(pushPath('/app/org/3/?chat=true', 'inbox')).toBe('/app/org/3/inbox');
  });

  it('encodes the segment so it stays one segment', () => {
    expect(pushPath('/app/org/3', 'café')).toBe('/app/org/3/caf%C3%A9');
    expect(pushPath('/app/org/3', '../x?y#z')).toBe('/app/org/3/..%2Fx%3Fy%23z');
  });

  it('normalizes the path and adds nothing for an empty segment', () => {
    expect(pushPath('/app/org/3/settings/', '')).toBe('/app/org/3/settings');
  });
});

describe('tierPath', () => {
  it('builds a path from a chain of accounts', () => {
    expect(
      tierPath([
        { type: 'partner', id: 1 },
        { type: 'reseller', id: 2 },
        { type: 'org', id: 3 },
        { type: 'agent', id: 4 },
      ]),
    ).toBe('/app/partner/1/reseller/2/org/3/agent/4');
    expect(tierPath([])).toBe('/app');
  });

  it('appends further segments, encoded', () => {
    expect(tierPath([{ type: 'org', id: 3 }], ['settings', 'café'])).toBe('/app/org/3/settings/caf%C3%A9');
  });

  it('rejects an id that would not read back as an account', () => {
    expect(() => tierPath([{ type: 'org', id: 1.5 }])).toThrow('Invalid org id: 1.5');
    expect(() => tierPath([{ type: 'agent', id: -1 }])).toThrow(RangeError);
    expect(() => tierPath([{ type: 'agent', id: Number.NaN }])).toThrow(RangeError);
  });
});

describe('breadcrumbs', () => {
  it('gives each account with the path up to it', () => {
    expect(breadcrumbs('/app/partner/1/reseller/2/org/3/agent/4/settings/x')).toEqual([
      { type: 'partner', id: 1, path: '/app/partner/1' },
      { type: 'reseller', id: 2, path: '/app/partner/1/reseller/2' },
      { type: 'org', id: 3, path: '/app/partner/1/reseller/2/org/3' },
      { type: 'agent', id: 4, path: '/app/partner/1/reseller/2/org/3/agent/4' },
    ]);
  });

  it('keeps segments between accounts in the later crumbs', () => {
    expect(breadcrumbs('/app/org/3/settings/agent/4/')).toEqual([
      { type: 'org', id: 3, path: '/app/org/3' },
      { type: 'agent', id: 4, path: '/app/org/3/settings/agent/4' },
    ]);
  });

  it('is empty without accounts', () => {
    expect(breadcrumbs('/app')).toEqual([]);
    expect(breadcrumbs('/app/org/abc/inbox')).toEqual([]);
  });
});

describe('isSettingsPath', () => {
  it('is true when a segment is settings', () => {
    expect(isSettingsPath('/app/org/3/settings')).toBe(true);
    expect(isSettingsPath('/app/org/3/settings/billing/')).toBe(true);
    expect(isSettingsPath('/app/settings')).toBe(true);
  });

  it('is false otherwise, including for settings in the query', () => {
    expect(isSettingsPath('/app/org/3/inbox')).toBe(false);
    expect(isSettingsPath('/app/org/3/inbox?settings=true')).toBe(false);
    expect(isSettingsPath('/app/agent-settings')).toBe(false);
    expect(isSettingsPath('/app')).toBe(false);
  });
});

describe('currentTier', () => {
  it('is the deepest account in the path', () => {
    expect(currentTier('/app/partner/1/reseller/2/org/3/agent/4/settings/x')).toEqual({
      type: 'agent',
      id: 4,
    });
    expect(currentTier('/app/reseller/2/org/3/inbox')).toEqual({ type: 'org', id: 3 });
  });

  it('is null without an account', () => {
    expect(currentTier('/app')).toBeNull();
    expect(currentTier('/app/org/x/settings')).toBeNull();
  });
});
