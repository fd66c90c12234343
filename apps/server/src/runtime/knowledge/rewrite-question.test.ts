import { describe, expect, it } from 'vitest';
import type { LanguageModel, ModelMessage, ModelRequest } from '../../providers/llm/types';
import { resolveFromLastTurn, searchQueryFor, searchQueryForQuestion } from './rewrite-question';

const history: ModelMessage[] = [
  { role: 'assistant', content: 'Hello! How can I help you today?' },
  { role: 'user', content: 'Do you give rabies vaccines?' },
  { role: 'assistant', content: 'Yes, the rabies vaccine is $25.' },
  { role: 'user', content: 'How much is it?' },
];

/** A hosted model that answers every completion with `answer`, keeping what it was asked. */
function scriptedModel(answer: string | Error): LanguageModel & { asked: ModelRequest[] } {
  const asked: ModelRequest[] = [];
  return {
    name: 'openai:test',
    label: 'Test model',
    sandbox: false,
    asked,
    async *stream(request) {
      asked.push(request);
      await Promise.resolve();
      if (answer instanceof Error) throw answer;
      yield { type: 'text', delta: answer };
      yield { type: 'finish', reason: 'stop', usage: { inputTokens: 10, outputTokens: 5 } };
    },
  };
}

describe('a question rewritten into a search query', () => {
  it("resolves 'it' and 'that' from the caller's previous line (the Sandbox model)", () => {
    expect(resolveFromLastTurn('How much is it?', history)).toBe('How much is give rabies vaccines?');
    expect(
      resolveFromLastTurn('Can I book that on Saturday?', [
        { role: 'user', content: 'I need a dental cleaning' },
        { role: 'assistant', content: 'We do cleanings.' },
      ]),
    ).toBe('Can I book dental cleaning on Saturday?');
  });

  it('leaves a question that points at nothing, or follows nothing, as asked', () => {
    expect(resolveFromLastTurn('When are you open on Saturday?', history)).toBe(
      'When are you open on Saturday?',
    );
    expect(resolveFromLastTurn('How much is it?', [{ role: 'user', content: 'How much is it?' }])).toBe(
      'How much is it?',
    );
  });

  it("asks a hosted model with the conversation's last turns, and keeps the question when it fails", async () => {
    const model = scriptedModel('"rabies vaccine price"');
    expect(await searchQueryFor(model, 'How much is it?', history)).toBe('rabies vaccine price');
    const [request] = model.asked;
    expect(request?.tools).toEqual([]);
    expect(request?.messages.map((message) => (message.role === 'tool' ? '' : message.content))).toEqual([
      'Hello! How can I help you today?',
      'Do you give rabies vaccines?',
      'Yes, the rabies vaccine is $25.',
      'Question to rewrite: How much is it?',
    ]);
    expect(await searchQueryFor(scriptedModel(new Error('timeout')), 'How much is it?', history)).toBe(
      'How much is it?',
    );
    expect(await searchQueryFor(scriptedModel('  '), 'How much is it?', history)).toBe('How much is it?');
  });

  it('does not ask a hosted model about the first question of a conversation', async () => {
    const model = scriptedModel('anything');
    expect(
      await searchQueryFor(model, 'When are you open?', [{ role: 'user', content: 'When are you open?' }]),
    ).toBe('When are you open?');
    expect(model.asked).toEqual([]);
  });

  it('hands the tokens a rewrite spent to whoever pays for it', async () => {
    const spent: number[] = [];
    const meter = (usage: { inputTokens: number; outputTokens: number }) => {
      spent.push(usage.inputTokens + usage.outputTokens);
    };
    await searchQueryFor(scriptedModel('rabies vaccine price'), 'How much is it?', history, undefined, meter);
    await searchQueryForQuestion(scriptedModel('opening hours'), 'When are you open?', undefined, meter);
    expect(spent).toEqual([15, 15]);
  });
});
