import { describe, expect, it } from 'vitest';
import { buildScratchAgent } from './scratch-prompt';

describe('buildScratchAgent', () => {
  it('writes a prompt and greeting from the answers', () => {
    const agent = buildScratchAgent({
      agentName: 'Ava',
      businessName: 'Sunny Bakery',
      about: 'A bakery on Main Street, open 7 to 3.',
      tasks: 'Take cake orders.',
    });
    expect(agent.title).toBe('Ava');
    expect(agent.agentInstructions).toContain('You are Ava, the phone and text assistant of Sunny Bakery.');
    expect(agent.agentInstructions).toContain('A bakery on Main Street, open 7 to 3.');
    expect(agent.agentInstructions).toContain('Take cake orders.');
    expect(agent.welcomeMessage).toBe(
      'Thanks for calling Sunny Bakery, this is Ava. How can I help you today?',
    );
  });

  it('still writes a usable prompt from blank answers', () => {
    const agent = buildScratchAgent({ agentName: ' ', businessName: '', about: '', tasks: '' });
    expect(agent.title).toBe('the business assistant');
    expect(agent.agentInstructions.trim().length).toBeGreaterThan(100);
  });
});
