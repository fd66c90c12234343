import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConversationContext } from '../types';
import { createSandboxModel } from './sandbox-model';

// How well the offline model follows a prompt as a person reads it, scored over a checked-in set of businesses:
// the share of expected facts its answers carry, and how many instruction lines it says out loud (none allowed).

interface Business {
  kind: string;
  agentName: string;
  prompt: string;
  instructions: string[];
  cases: { question: string; facts: string[] }[];
}

const fixture = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../test-fixtures/prompt-following.json'), 'utf8'),
) as { businesses: Business[] };

async function answer(business: Business, question: string): Promise<string> {
  const context: ConversationContext = {
    agentName: business.agentName,
    documents: [{ source: 'prompt', text: business.prompt }],
    timezone: 'UTC',
    now: new Date('2026-03-04T15:00:00Z'),
    contact: { name: null, phoneNumber: null, email: null },
    transferDestinations: [],
    collectFields: [],
    channel: 'voice',
  };
  let text = '';
  const events = createSandboxModel().stream({
    system: business.prompt,
    messages: [{ role: 'user', content: question }],
    tools: [],
    context,
  });
  for await (const event of events) if (event.type === 'text') text += event.delta;
  return text;
}

const normalise = (text: string) => text.toLowerCase().replace(/[.!?\s]+$/, '');

/** Whether an answer says an instruction line (the whole line or its first clause). */
function recites(reply: string, instruction: string): boolean {
  const said = reply.toLowerCase();
  const line = normalise(instruction);
  const clause = line.split(/[,;]/)[0] ?? line;
  return said.includes(line) || (clause.length >= 15 && said.includes(clause));
}

describe('the offline model following a prompt', () => {
  it('answers with the expected facts over many kinds of business and never recites an instruction line', async () => {
    let expected = 0;
    let present = 0;
    let recited = 0;
    const misses: string[] = [];
    const kinds = new Set<string>();
    for (const business of fixture.businesses) {
      kinds.add(business.kind);
      for (const { question, facts } of business.cases) {
        const reply = await answer(business, question);
        for (const fact of facts) {
          expected += 1;
          if (reply.toLowerCase().includes(fact.toLowerCase())) present += 1;
          else misses.push(`${business.kind}: "${question}" → "${reply}" lacks "${fact}"`);
        }
        for (const instruction of business.instructions) {
          if (recites(reply, instruction)) {
            recited += 1;
            misses.push(`${business.kind}: "${question}" → "${reply}" recites "${instruction}"`);
          }
        }
      }
    }
    const cases = fixture.businesses.reduce((sum, business) => sum + business.cases.length, 0);
    const share = present / expected;
    // eslint-disable-next-line no-console -- the score belongs in the run's output
    console.log(
      `offline model: ${cases} questions over ${kinds.size} kinds of business; ` +
        `facts present ${present}/${expected} (${(share * 100).toFixed(1)}%); instruction lines recited ${recited}`,
    );
    // eslint-disable-next-line no-console -- what was missed, to read beside the score
    if (misses.length > 0) console.log(misses.join('\n'));
    expect(cases).toBeGreaterThanOrEqual(40);
    expect(kinds.size).toBeGreaterThanOrEqual(6);
    expect(share).toBeGreaterThanOrEqual(0.9);
    expect(recited).toBe(0);
  });
});
