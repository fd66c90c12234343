import { defaultAgentConfig } from '@switchboard/contract';
import { diffLines, diffStats } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { configAsText } from './config-text';

describe('configAsText', () => {
  it('writes the prompt verbatim and each setting on its own line', () => {
    const text = configAsText({
      ...defaultAgentConfig(),
      agentInstructions: 'Line one\nLine two',
      actions: [
        {
          name: 'transfer_call',
          instructions: 'When asked',
          destinations: [{ name: 'Billing', number: '+15125551234' }],
        },
      ],
    });
    expect(text).toContain('## Prompt\nLine one\nLine two\n');
    expect(text).toContain('- Call transfer: When asked\n    transfer to Billing +15125551234');
    expect(text).toContain('agentVoice: "Asteria"');
    expect(text).not.toContain('revision');
  });

  it('makes a one-setting change a one-line diff', () => {
    const before = defaultAgentConfig();
    const after = { ...before, timezone: 'Europe/London', revision: 9 };
    expect(diffStats(diffLines(configAsText(before), configAsText(after)))).toEqual({ added: 1, removed: 1 });
  });
});
