import { describe, expect, it } from 'vitest';
import {
  addAgentApp,
  fillTemplateVariables,
  fillTemplateVariablesDeep,
  seesTemplateVariablesReplaced,
  templateVariablesIn,
  templateVariablesInDeep,
} from './agent-templates';

describe('fillTemplateVariables', () => {
  it('replaces each known variable, with or without inner spaces, every time it appears', () => {
    expect(
      fillTemplateVariables('Welcome to {{businessName}}. {{ businessName }} is open {{hours}}.', {
        businessName: 'Acme Dental',
        hours: 'Monday to Friday',
      }),
    ).toBe('Welcome to Acme Dental. Acme Dental is open Monday to Friday.');
  });

  it('leaves unknown and blank variables as written', () => {
    expect(fillTemplateVariables('Call {{phone}} or visit {{address}}.', { address: '  ' })).toBe(
      'Call {{phone}} or visit {{address}}.',
    );
  });

  it('does not read inherited properties as values', () => {
    expect(fillTemplateVariables('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  it('does not treat malformed braces as variables', () => {
    expect(fillTemplateVariables('{{1abc}} {businessName} {{ business name }}', { businessName: 'X' })).toBe(
      '{{1abc}} {businessName} {{ business name }}',
    );
  });

  it('inserts values literally, even ones that look like replacement patterns', () => {
    expect(fillTemplateVariables('Price: {{price}}', { price: '$& $1 $$' })).toBe('Price: $& $1 $$');
  });
});

describe('fillTemplateVariablesDeep', () => {
  const config = {
    agentInstructions: 'You answer for {{businessName}}.',
    actions: [
      { name: 'transfer_call', destinations: [{ name: 'front desk', number: '{{transferNumber}}' }] },
    ],
    templateFields: { businessName: '{{businessName}}' },
    revision: 3,
    published: true,
    agentModel: null,
  };

  it('fills every nested string except the skipped keys, and keeps other values', () => {
    const filled = fillTemplateVariablesDeep(
      config,
      { businessName: 'Acme', transferNumber: '+15125550100' },
      ['templateFields'],
    );
    expect(filled).toEqual({
      agentInstructions: 'You answer for Acme.',
      actions: [{ name: 'transfer_call', destinations: [{ name: 'front desk', number: '+15125550100' }] }],
      templateFields: { businessName: '{{businessName}}' },
      revision: 3,
      published: true,
      agentModel: null,
    });
  });

  it('does not change its input', () => {
    fillTemplateVariablesDeep(config, { businessName: 'Acme' });
    expect(config.agentInstructions).toBe('You answer for {{businessName}}.');
  });
});

describe('templateVariablesIn', () => {
  it('lists each variable once, in order', () => {
    expect(templateVariablesIn('{{b}} {{a}} {{ b }}')).toEqual(['b', 'a']);
    expect(templateVariablesIn('no variables')).toEqual([]);
  });

  it('walks nested values and skips keys', () => {
    expect(
      templateVariablesInDeep({ a: '{{one}}', b: ['{{two}}', { c: '{{three}}' }], skip: '{{four}}' }, [
        'skip',
      ]),
    ).toEqual(['one', 'two', 'three']);
  });
});

describe('seesTemplateVariablesReplaced', () => {
  it('replaces them for organizations and agents, and for the runtime', () => {
    expect(seesTemplateVariablesReplaced({ superAdmin: false, role: 'organization' })).toBe(true);
    expect(seesTemplateVariablesReplaced(null)).toBe(true);
  });

  it('shows them as written to super admins, resellers and partners unless forced', () => {
    for (const viewer of [
      { superAdmin: true, role: 'organization' as const },
      { superAdmin: false, role: 'reseller' as const },
      { superAdmin: false, role: 'partner' as const },
    ]) {
      expect(seesTemplateVariablesReplaced(viewer)).toBe(false);
      expect(seesTemplateVariablesReplaced(viewer, true)).toBe(true);
    }
  });
});

describe('addAgentApp', () => {
  const apps: { appId?: string; version?: string; instructions: string }[] = [
    { appId: 'squareUp', version: 'v1', instructions: '' },
  ];

  it('adds an app that has an appId and a version', () => {
    expect(addAgentApp(apps, { appId: 'hubspot', version: 'v2', instructions: 'x' })).toEqual([
      ...apps,
      { appId: 'hubspot', version: 'v2', instructions: 'x' },
    ]);
  });

  it('adds nothing when appId or version is missing or blank', () => {
    expect(addAgentApp(apps, { appId: 'hubspot', version: '', instructions: '' })).toEqual(apps);
    expect(addAgentApp(apps, { appId: '  ', version: 'v1', instructions: '' })).toEqual(apps);
    expect(addAgentApp(apps, { instructions: '' })).toEqual(apps);
  });

  it('ignores an app already present', () => {
    expect(addAgentApp(apps, { appId: 'squareUp', version: 'v1', instructions: 'other' })).toEqual(apps);
    expect(addAgentApp(apps, { appId: ' squareUp ', version: 'v1 ', instructions: '' })).toEqual(apps);
  });

  it('treats another version of the same app as a different app', () => {
    expect(addAgentApp(apps, { appId: 'squareUp', version: 'v2', instructions: '' })).toHaveLength(2);
  });

  it('returns a new list', () => {
    const result = addAgentApp(apps, { appId: 'a', version: 'b', instructions: '' });
    expect(result).not.toBe(apps);
    expect(apps).toHaveLength(1);
  });
});
