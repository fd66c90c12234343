import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeBaseView, KnowledgeDocumentView } from '@switchboard/contract';
import { createAgent, startApp, textAgent, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { knowledgeJobs } from '../../features/knowledge/ingest-document';
import { startTestSite, type TestSite } from '../../features/knowledge/test-site';

let kit: DemoApp;
let site: TestSite;
let acme: SignedInClient;
let baseId = '';

beforeAll(async () => {
  site = await startTestSite({
    '/hours': {
      type: 'text/html',
      body: '<html><head><title>Opening hours</title></head><body><h1>Opening hours</h1><p>Weekdays we are open from 8 am to 6 pm.</p><h2>Weekends</h2><p>On Saturday the clinic opens from 9 am until 1 pm. Sundays we are closed.</p></body></html>',
    },
    '/prices': {
      type: 'text/html',
      body: '<html><head><title>Prices</title></head><body><h1>Prices</h1><p>A wellness exam costs $65. The rabies vaccine is $25 and takes ten minutes.</p></body></html>',
    },
  });
  kit = await startApp();
  await knowledgeJobs.start({ jobs: kit.services.jobs, services: kit.services });
  acme = await kit.signIn('acme');
  const created = await acme.post<{ knowledgeBase: KnowledgeBaseView }>('/api/v2/kb/knowledgebase', {
    title: 'Clinic site',
  });
  baseId = created.body.knowledgeBase.id;
  await acme.post(`/api/v2/kb/knowledgebase/${baseId}/document`, {
    urls: [`${site.origin}/hours`, `${site.origin}/prices`],
  });
  await vi.waitFor(
    async () => {
      const answer = await acme.get<{ documents: KnowledgeDocumentView[] }>(
        `/api/v2/kb/knowledgebase/${baseId}/document`,
      );
      expect(answer.body.documents.map((document) => document.state)).toEqual(['ready', 'ready']);
    },
    { timeout: 30_000, interval: 200 },
  );
});
afterAll(async () => {
  await kit.close();
  await site.close();
});

const instructions = 'You are the front desk of Harbor Vet, a small animal clinic.';

describe("an agent's attached knowledge bases", () => {
  it('answer a question only a page of the base answers, naming the page', async () => {
    const agent = await createAgent(acme, {
      name: 'Harbor Front Desk',
      organizationId: kit.ids.acme,
      config: { agentInstructions: instructions, knowledgeBases: [baseId] },
    });
    const { reply } = await textAgent(
      kit,
      { to: agent.username, from: '+15557770301', text: 'When does the clinic open on Saturday?' },
      { waitForReply: true },
    );
    expect(reply?.text).toBe(
      `On Saturday the clinic opens from 9 am until 1 pm. (Source: Opening hours, ${site.origin}/hours) Is there anything else I can help you with?`,
    );
  });

  it('are not searched by an agent that did not attach them, nor for a question they do not answer', async () => {
    const plain = await createAgent(acme, {
      name: 'Plain Desk',
      organizationId: kit.ids.acme,
      config: { agentInstructions: instructions, actions: [{ name: 'take_message' }] },
    });
    const unattached = await textAgent(
      kit,
      { to: plain.username, from: '+15557770302', text: 'When does the clinic open on Saturday?' },
      { waitForReply: true },
    );
    expect(unattached.reply?.text).not.toContain('9 am');
    const attached = await createAgent(acme, {
      name: 'Attached Desk',
      organizationId: kit.ids.acme,
      config: {
        agentInstructions: instructions,
        knowledgeBases: [baseId],
        actions: [{ name: 'take_message' }],
      },
    });
    const unknown = await textAgent(
      kit,
      { to: attached.username, from: '+15557770303', text: 'Do you board parrots over the holidays?' },
      { waitForReply: true },
    );
    expect(unknown.reply?.text).toContain('Would you like me to take a message');
  });

  it('resolve a follow-up question from the last turn, and the conversation keeps the pages it used', async () => {
    const agent = await createAgent(acme, {
      name: 'Follow-up Desk',
      organizationId: kit.ids.acme,
      config: { agentInstructions: instructions, knowledgeBases: [baseId] },
    });
    const from = '+15557770304';
    const first = await textAgent(
      kit,
      { to: agent.username, from, text: 'Do you give rabies vaccines?' },
      { waitForReply: true },
    );
    expect(first.reply?.text).toContain('The rabies vaccine is $25 and takes ten minutes.');
    // "it" alone searches nothing; resolved from the caller's last line it is the rabies vaccine.
    const followUp = await textAgent(
      kit,
      { to: agent.username, from, text: 'How much is it?' },
      { waitForReply: true },
    );
    expect(followUp.reply?.text).toBe(
      `The rabies vaccine is $25 and takes ten minutes. (Source: Prices, ${site.origin}/prices) Is there anything else I can help you with?`,
    );
    await vi.waitFor(async () => {
      const room = await acme.get<{
        conversations: { log: { sources: { title: string; url: string }[] } | null }[];
      }>(`/api/v1/conversations/${first.room.roomId}`);
      expect(room.status).toBe(200);
      expect(room.body.conversations.map((conversation) => conversation.log?.sources)).toEqual([
        [{ title: 'Prices', url: `${site.origin}/prices` }],
      ]);
    });
  });
});
