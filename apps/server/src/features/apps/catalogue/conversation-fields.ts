/** What every request about a conversation carries, as template fields. */
export const conversationFields = {
  conversation: '{{conversation.uuid}}',
  channel: '{{conversation.channel}}',
  contactPhone: '{{conversation.contactPhone}}',
  agent: '{{conversation.agentName}}',
};
