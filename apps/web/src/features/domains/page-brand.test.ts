import { describe, expect, it } from 'vitest';
import type { DomainProfileView } from '@switchboard/contract';
import { pageBrandElementId, readDomainProfile, readPageBrand } from './page-brand';

const profile: DomainProfileView = {
  id: 2000001,
  name: 'Northwind Voice',
  details: { image: null, supportEmail: 'help@northwind.example' },
  settings: {
    supportUrl: null,
    smsMessaging: false,
    allowEmbeds: true,
    appScripts: ['https://cdn.northwind.example/a.js'],
    favorites: [],
  },
  ownHost: false,
  domain: 'voice.northwind.example',
};

const pageWith = (text: string | null) => ({
  getElementById: (id: string) => (id === pageBrandElementId && text !== null ? { textContent: text } : null),
});

describe('readPageBrand', () => {
  it('reads the brand the server put in the page', () => {
    expect(readPageBrand(pageWith(JSON.stringify(profile)) as unknown as Document)).toEqual(profile);
  });

  it('answers null without the block, or with one that is not a profile', () => {
    for (const text of [null, '', 'not json', '{"id":1}', JSON.stringify({ ...profile, ownHost: 'no' })]) {
      expect(readPageBrand(pageWith(text) as unknown as Document)).toBeNull();
    }
  });
});

describe('readDomainProfile', () => {
  it('refuses a profile with a field of the wrong kind', () => {
    expect(readDomainProfile(profile)).toEqual(profile);
    expect(readDomainProfile({ ...profile, settings: { ...profile.settings, appScripts: [1] } })).toBeNull();
    expect(readDomainProfile({ ...profile, details: null })).toBeNull();
    expect(readDomainProfile({ ...profile, domain: 5 })).toBeNull();
  });
});
