/** The help overlay's common questions; `{brand}` is the brand's name, `docs` a docs page to read further. */
export const helpQuestions: readonly { question: string; answer: string; docs?: string }[] = [
  {
    question: 'How do I create my first agent?',
    answer:
      'Open your organization, create an agent account (or start from a template in the setup wizard), write its ' +
      'prompt and greeting, try it with Test, then publish it.',
    docs: 'getting-started',
  },
  {
    question: 'Why does my agent not say what I just changed?',
    answer:
      'Changes are saved as a draft. Test calls use the draft, but callers meet the published agent: choose ' +
      'Publish when the draft is ready.',
    docs: 'agents',
  },
  {
    question: 'How do callers reach my agent?',
    answer:
      'Give the agent a phone number, or forward the number your customers already know to it. Calls and texts to ' +
      'that number reach the published agent.',
    docs: 'numbers',
  },
  {
    question: 'Can a person take over a conversation?',
    answer:
      'Yes. Open it in the inbox, switch the AI off for that conversation and reply yourself. Switch it back on ' +
      'when you are done.',
    docs: 'inbox',
  },
  {
    question: 'Which conversations need my attention?',
    answer:
      'The priority inbox collects them: known contacts, transfers and messages the agent took for you. ' +
      'Everything else the agent handled is in the agent inbox.',
    docs: 'inbox',
  },
  {
    question: 'How do I download my call history?',
    answer: 'Open Call logs, filter and choose columns as you like, then download the list as CSV or JSON.',
    docs: 'logs-and-dashboard',
  },
  {
    question: 'Can I use {brand} under my own name?',
    answer:
      'Partners and resellers can serve the app on their own domain with their own name, logo and support page. ' +
      'Set it up under Settings, Domains and White-label brand.',
    docs: 'white-label',
  },
  {
    question: 'Who can see my conversations?',
    answer:
      'The people of your organization with access to it, and the reseller or partner that manages your account. ' +
      'Nobody in another organization can.',
  },
];
