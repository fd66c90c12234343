import { describe, expect, it } from 'vitest';
import { detailsNameKey, displayNameOf } from './display-name';

describe('detailsNameKey', () => {
  it('names the details key per type', () => {
    expect(detailsNameKey('partner')).toBe('partnerName');
    expect(detailsNameKey('reseller')).toBe('resellerName');
    expect(detailsNameKey('organization')).toBe('orgName');
    expect(detailsNameKey('agent')).toBe('agentName');
    expect(detailsNameKey(null)).toBe('fullName');
  });
});

describe('displayNameOf', () => {
  it('reads the name key of each type', () => {
    const details = {
      partnerName: 'Partner Co',
      resellerName: 'Resell Inc',
      orgName: 'Acme',
      agentName: 'Front Desk',
      fullName: 'Ada Lovelace',
    };
    expect(displayNameOf({ accountType: 'partner', details })).toBe('Partner Co');
    expect(displayNameOf({ accountType: 'reseller', details })).toBe('Resell Inc');
    expect(displayNameOf({ accountType: 'organization', details })).toBe('Acme');
    expect(displayNameOf({ accountType: 'agent', details })).toBe('Front Desk');
    expect(displayNameOf({ accountType: null, details })).toBe('Ada Lovelace');
  });

  it('falls back to accountName for an agent', () => {
    expect(displayNameOf({ accountType: 'agent', details: { accountName: 'Night Line' } })).toBe(
      'Night Line',
    );
    expect(
      displayNameOf({ accountType: 'agent', details: { agentName: '  ', accountName: 'Night Line' } }),
    ).toBe('Night Line');
  });

  it('does not borrow another type’s key', () => {
    expect(
      displayNameOf({ accountType: 'organization', details: { fullName: 'Ada' }, username: 'acme' }),
    ).toBe('acme');
    expect(displayNameOf({ accountType: 'reseller', details: { accountName: 'x' } })).toBe('');
  });

  it('trims names and skips blank or non-string ones', () => {
    expect(displayNameOf({ accountType: 'organization', details: { orgName: '  Acme  ' } })).toBe('Acme');
    expect(
      displayNameOf({ accountType: 'organization', details: { orgName: ' \t ' }, username: 'acme' }),
    ).toBe('acme');
    expect(displayNameOf({ accountType: 'organization', details: { orgName: 42 }, username: 'acme' })).toBe(
      'acme',
    );
    expect(displayNameOf({ accountType: null, details: { fullName: null }, username: 'ada' })).toBe('ada');
  });

  it('falls back to the trimmed username, then the empty string', () => {
    expect(displayNameOf({ accountType: 'partner', details: null, username: ' big-partner ' })).toBe(
      'big-partner',
    );
    expect(displayNameOf({ accountType: 'partner', details: null, username: '   ' })).toBe('');
    expect(displayNameOf({ accountType: 'partner', details: null, username: null })).toBe('');
    expect(displayNameOf({ accountType: null, details: {} })).toBe('');
  });
});
