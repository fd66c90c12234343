/**
 * The product documentation read in the docsPage overlay. `{brand}` stands for the name of the brand the page is
 * served under, so white-label customers read their own product's name.
 */
export type DocsBlock =
  | { kind: 'text'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'steps'; items: string[] }
  | { kind: 'tip'; text: string }
  /** The developer examples with the reader's own token (curl, webhook signature check, MCP address). */
  | { kind: 'developerExamples' };

export interface DocsPage {
  slug: string;
  title: string;
  summary: string;
  blocks: DocsBlock[];
}

export const docsPages: readonly DocsPage[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    summary: 'How {brand} is organized, and the first things to set up.',
    blocks: [
      {
        kind: 'text',
        text:
          '{brand} runs AI agents that answer and place phone calls and text messages for your business. Each ' +
          'agent has its own instructions, voice, phone number and inbox, and every conversation it has is kept ' +
          'so you can read it, take it over or learn from it.',
      },
      { kind: 'heading', text: 'How accounts fit together' },
      {
        kind: 'list',
        items: [
          'An organization is your business. It holds your agents, your people, your contacts and your billing.',
          'An agent account is one AI agent: its prompt, greeting, actions, voice and phone number.',
          'Resellers and partners sit above organizations and manage many businesses at once.',
        ],
      },
      { kind: 'heading', text: 'Your first agent' },
      {
        kind: 'steps',
        items: [
          'Open your organization and create an agent account, or start from a template in the setup wizard.',
          'Write what the agent should do in its prompt, and the first sentence it says in its greeting.',
          'Try it with Test: talk to it in the browser by voice or chat, before anyone else does.',
          'Publish it, then give it a phone number so callers and texts reach it.',
        ],
      },
      {
        kind: 'tip',
        text: 'Edits are saved as a draft as you type. Callers only meet the published version, so you can experiment safely.',
      },
    ],
  },
  {
    slug: 'agents',
    title: 'Agents',
    summary: 'Prompt, greeting, actions, voice, versions and testing.',
    blocks: [
      {
        kind: 'text',
        text:
          'An agent is described by its campaign: the instructions it follows, what it says first, the actions ' +
          'it may take, and how it sounds. Open an agent account and choose Edit to change any of it.',
      },
      { kind: 'heading', text: 'Prompt and greeting' },
      {
        kind: 'text',
        text:
          'The prompt is plain language: who the agent is, what the business does, opening hours, prices, and ' +
          'how to handle common requests. Template variables such as {{businessName}} are filled in from the ' +
          "template's questions. The greeting is the first thing a caller hears.",
      },
      { kind: 'heading', text: 'Actions' },
      {
        kind: 'list',
        items: [
          'Transfer a call to a person at a number you choose (optionally asking the caller to confirm first).',
          'Send a text message, take a message, or collect details such as a name and a reason for calling.',
          "Book an appointment within the days, hours and lengths you allow, in the agent's time zone.",
          'Look up answers in a knowledge base, and end the conversation politely when it is done.',
        ],
      },
      { kind: 'heading', text: 'Drafts, publishing and versions' },
      {
        kind: 'text',
        text:
          'Every change lands in a draft that saves itself. Publish makes the draft what callers get; Revert ' +
          'throws the draft away. Versions keep snapshots you can compare side by side and restore. If someone ' +
          'else saved the same agent meanwhile, you are shown both copies and choose which to keep.',
      },
      {
        kind: 'tip',
        text: 'Use Test after each change: the test call runs your draft, while real callers keep getting the published agent.',
      },
    ],
  },
  {
    slug: 'numbers',
    title: 'Phone numbers and texting',
    summary: 'Giving an agent a number, forwarding your existing line, and SMS.',
    blocks: [
      {
        kind: 'text',
        text:
          'An agent answers the calls and texts that reach its phone number. You can pick a new number for it, ' +
          'or keep the number your customers already know and forward it to the agent.',
      },
      { kind: 'heading', text: 'Choosing a number' },
      {
        kind: 'steps',
        items: [
          'Open the agent account and choose a number by area code or country.',
          'Calls to the number reach the published agent at once; texts appear in the inbox with its replies.',
          'To keep your own number, follow the forwarding instructions for your phone company.',
        ],
      },
      { kind: 'heading', text: 'Text messages' },
      {
        kind: 'text',
        text:
          'Agents reply to texts the same way they answer calls, using the same prompt. A person can reply from ' +
          'the inbox at any time, and switch the AI off for one conversation while they handle it.',
      },
    ],
  },
  {
    slug: 'inbox',
    title: 'The inbox',
    summary: 'Reading conversations, the priority inbox, and taking over from the agent.',
    blocks: [
      {
        kind: 'text',
        text:
          'Every call and text your agents handle becomes a conversation in the inbox, with the transcript, the ' +
          'actions the agent took, and the details it collected.',
      },
      { kind: 'heading', text: 'Priority and agent inboxes' },
      {
        kind: 'list',
        items: [
          'The priority inbox holds conversations that need a person: known contacts, transfers and messages taken for you.',
          'The agent inbox holds everything the agent handled on its own.',
          'Unread conversations are marked, and new messages arrive live without reloading the page.',
        ],
      },
      { kind: 'heading', text: 'Taking over' },
      {
        kind: 'text',
        text:
          'Open a conversation and write a reply to text the contact yourself. Switch the AI off for that ' +
          'conversation so the agent stays quiet until you switch it back on.',
      },
      {
        kind: 'tip',
        text: 'Save a caller as a contact and their future conversations go straight to the priority inbox.',
      },
    ],
  },
  {
    slug: 'logs-and-dashboard',
    title: 'Call logs and dashboard',
    summary: 'Filtering every conversation, exporting it, and measuring what your agents do.',
    blocks: [
      {
        kind: 'text',
        text:
          'Call logs list every call and conversation with its time, length, numbers, direction and outcome. ' +
          'Filter by any field, choose the columns you want, and download the result as CSV or JSON.',
      },
      { kind: 'heading', text: 'Dashboard metrics' },
      {
        kind: 'text',
        text:
          'The dashboard shows minutes saved, calls answered, appointments booked and more over the last 30 ' +
          'days by default. Add your own metrics with a formula such as count(uuid) or avg(duration), with ' +
          'filters and their own date range.',
      },
    ],
  },
  {
    slug: 'white-label',
    title: 'Domains and white label',
    summary: 'For partners and resellers: serving {brand} under your own name and address.',
    blocks: [
      {
        kind: 'text',
        text:
          'Partners and resellers can serve the app on their own domain with their own name and logo. The ' +
          'brand applies to every organization below them.',
      },
      {
        kind: 'steps',
        items: [
          'In Settings, open Domains and add the address you will serve the app on, such as app.yourcompany.com.',
          'Point that address at the service with a DNS CNAME record (your administrator knows how).',
          'In White-label brand, set your brand name, upload your logo and give your support page and email.',
          'Open the app at your address: people there see your name, and the help button opens your support page.',
        ],
      },
      {
        kind: 'tip',
        text: 'Organizations can add a custom domain too; it shows the brand of the reseller or partner above them.',
      },
    ],
  },
  {
    slug: 'developers',
    title: 'API, webhooks and MCP',
    summary: 'For developers: calling {brand} from your code, receiving its events, and connecting AI tools.',
    blocks: [
      {
        kind: 'text',
        text:
          'Make an API token in Settings, Developers, API tokens. Send it as "Authorization: Bearer <token>"; it ' +
          'acts for its account with its maker’s rights, and revoking it stops it at once.',
      },
      { kind: 'developerExamples' },
    ],
  },
];

export function findDocsPage(slug: string | null): DocsPage | undefined {
  return docsPages.find((page) => page.slug === slug);
}

/** Puts the brand's name where the docs say `{brand}`. */
export function withBrand(text: string, brand: string): string {
  return text.replaceAll('{brand}', brand);
}
