import { describe, expect, it } from 'vitest';
import type { DomainProfileView } from '@switchboard/contract';
import { helpTarget } from './help-target';

const settings = (supportUrl: string | null): DomainProfileView['settings'] => ({
  supportUrl,
  smsMessaging: false,
  allowEmbeds: false,
  appScripts: [],
  favorites: [],
});

describe('helpTarget', () => {
  it("offers the product's help on its own hosts, even when a support URL is set", () => {
    expect(helpTarget({ ownHost: true, settings: settings(null) })).toEqual({ kind: 'menu' });
    expect(helpTarget({ ownHost: true, settings: settings('https://help.example.com') })).toEqual({
      kind: 'menu',
    });
  });

  it("opens a white-label brand's support URL", () => {
    expect(helpTarget({ ownHost: false, settings: settings(' https://help.brand.example/faq ') })).toEqual({
      kind: 'supportUrl',
      url: 'https://help.brand.example/faq',
    });
    expect(helpTarget({ ownHost: false, settings: settings('http://help.brand.example') })).toEqual({
      kind: 'supportUrl',
      url: 'http://help.brand.example',
    });
  });

  it("falls back to the product's help when a white-label brand has no usable URL", () => {
    expect(helpTarget({ ownHost: false, settings: settings(null) })).toEqual({ kind: 'menu' });
    expect(helpTarget({ ownHost: false, settings: settings('') })).toEqual({ kind: 'menu' });
    expect(helpTarget({ ownHost: false, settings: settings('help.brand.example') })).toEqual({
      kind: 'menu',
    });
    expect(helpTarget({ ownHost: false, settings: settings('javascript:alert(1)') })).toEqual({
      kind: 'menu',
    });
  });
});
