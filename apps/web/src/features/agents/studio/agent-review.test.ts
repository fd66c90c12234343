import { defaultAgentConfig, type AgentConfig } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { missingVariables, reviewAgentConfig } from './agent-review';

const longPrompt = 'You answer the phone for Acme Dental. '.repeat(8);

function config(change: Partial<AgentConfig>): AgentConfig {
  return { ...defaultAgentConfig(), agentInstructions: longPrompt, welcomeMessage: 'Hello!', ...change };
}

describe('reviewing an agent', () => {
  it('finds nothing to say about a complete agent', () => {
    expect(reviewAgentConfig(config({}))).toEqual([]);
  });

  it('asks for a prompt, a longer prompt and a greeting, and fixes the greeting', () => {
    expect(reviewAgentConfig(config({ agentInstructions: '' })).map((item) => item.id)).toEqual([
      'prompt-empty',
    ]);
    expect(reviewAgentConfig(config({ agentInstructions: 'Be nice.' })).map((item) => item.id)).toEqual([
      'prompt-short',
    ]);
    const [greeting] = reviewAgentConfig(config({ welcomeMessage: '', title: 'Acme Dental' }));
    expect(greeting?.id).toBe('greeting-empty');
    expect(greeting?.fix?.(config({ welcomeMessage: '', title: 'Acme Dental' })).welcomeMessage).toBe(
      'Hi, thanks for calling Acme Dental. How can I help you today?',
    );
  });

  it('names variables without a value', () => {
    const draft = config({
      agentInstructions: `${longPrompt} Open {{hours}} at {{address}}. Ask for {{owner}}.`,
      variables: { hours: '9-5' },
      templateFields: { address: '1 Main St', owner: ' ' },
    });
    expect(missingVariables(draft)).toEqual(['owner']);
    expect(reviewAgentConfig(draft).map((item) => item.id)).toEqual(['variable-owner']);
  });

  it('suggests the actions the prompt talks about and adds them', () => {
    const draft = config({ agentInstructions: `${longPrompt} Book appointments and transfer urgent calls.` });
    const found = reviewAgentConfig(draft);
    expect(found.map((item) => item.id)).toEqual(['action-transfer_call', 'action-book_appointment']);
    const fixed = found.reduce((current, item) => item.fix?.(current) ?? current, draft);
    expect(fixed.actions.map((action) => action.name)).toEqual(['transfer_call', 'book_appointment']);
    expect(fixed.actions[1]?.booking?.durationMinutes).toBe(30);
    // A transfer with no destination is the next thing to fix.
    expect(reviewAgentConfig(fixed).map((item) => item.id)).toEqual(['transfer-destination']);
  });

  it('suggests the knowledge base when there is knowledge to search', () => {
    expect(reviewAgentConfig(config({ knowledge: 'We close on Sundays.' })).map((item) => item.id)).toEqual([
      'action-query_knowledge_base',
    ]);
  });
});
