/** What the from-scratch path asks before it writes the first prompt. */
export interface ScratchAnswers {
  agentName: string;
  businessName: string;
  /** What the business is and does, in the owner's words. */
  about: string;
  /** What the agent should do for callers. */
  tasks: string;
}

/** The first prompt and greeting of an agent built from scratch; the owner refines both in the editor later. */
export function buildScratchAgent(answers: ScratchAnswers): {
  title: string;
  agentInstructions: string;
  welcomeMessage: string;
} {
  const agent = answers.agentName.trim() || 'the assistant';
  const business = answers.businessName.trim() || 'the business';
  const lines = [
    `You are ${agent}, the phone and text assistant of ${business}.`,
    '',
    'About the business:',
    answers.about.trim() || `${business} serves its customers by phone and text.`,
    '',
    'What you do for callers:',
    answers.tasks.trim() || 'Answer questions about the business and take a message when you cannot help.',
    '',
    'How you speak:',
    '- Be warm, brief and clear; one or two sentences at a time, as people do on the phone.',
    '- Ask one question at a time and confirm names, numbers and dates by repeating them.',
    '- Never invent facts. When you do not know, say so and offer to take a message.',
    '- When the caller has what they need, say goodbye and end the call.',
  ];
  return {
    title: answers.agentName.trim() || `${business} assistant`,
    agentInstructions: lines.join('\n'),
    welcomeMessage: `Thanks for calling ${business}, this is ${agent}. How can I help you today?`,
  };
}
