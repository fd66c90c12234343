import { describe, expect, it } from 'vitest';
import { defaultAgentConfig } from '@switchboard/contract';
import {
  configContent,
  fillConfigTemplateVariables,
  newCampaignId,
  readStoredConfig,
  toStoredConfig,
} from './campaign-config';

describe('readStoredConfig', () => {
  it('fills fields added since the config was written with their defaults', () => {
    const config = readStoredConfig({ agentInstructions: 'Old prompt.' });
    expect(config).toEqual({ ...defaultAgentConfig(), agentInstructions: 'Old prompt.' });
  });

  it('drops only the fields that no longer validate', () => {
    const config = readStoredConfig({
      agentInstructions: 'Kept.',
      agentLang: 'tlh',
      links: ['a', 'b', 'c'],
      agentVoice: 'Luna',
    });
    expect(config).toMatchObject({
      agentInstructions: 'Kept.',
      agentLang: 'en-US',
      links: [],
      agentVoice: 'Luna',
    });
  });

  it('reads anything that is not an object as the default config', () => {
    expect(readStoredConfig(null)).toEqual(defaultAgentConfig());
    expect(readStoredConfig('text')).toEqual(defaultAgentConfig());
  });
});

describe('fillConfigTemplateVariables', () => {
  it('fills every text of the config but keeps the template fields as they are', () => {
    const config = readStoredConfig({
      agentInstructions: 'We are open {{hours}}.',
      welcomeMessage: 'Hi from {{name}}.',
      templateFields: { hours: 'daily', name: '{{name}}' },
    });
    const filled = fillConfigTemplateVariables(config);
    expect(filled).toMatchObject({
      agentInstructions: 'We are open daily.',
      welcomeMessage: 'Hi from {{name}}.',
      templateFields: { hours: 'daily', name: '{{name}}' },
    });
  });
});

describe('stored configs', () => {
  it('leave out the fields the campaign row carries', () => {
    const stored = toStoredConfig({ ...defaultAgentConfig(), campaignId: 'campabc', revision: 4 });
    expect(stored).not.toHaveProperty('campaignId');
    expect(stored).not.toHaveProperty('revision');
  });

  it('compare by content, not by bookkeeping', () => {
    const a = { ...defaultAgentConfig(), agentInstructions: 'x' };
    expect(configContent({ ...a, revision: 9, published: false, updatedAt: 'now' })).toBe(configContent(a));
    expect(configContent({ ...a, agentVoice: 'Zeus' })).not.toBe(configContent(a));
  });

  it('get a campaign id of "camp" and 12 hex digits, different each time', () => {
    expect(newCampaignId()).toMatch(/^camp[0-9a-f]{12}$/);
    expect(newCampaignId()).not.toBe(newCampaignId());
  });
});
