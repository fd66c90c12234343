/**
 * What ringing a transfer's destination first came to: `answered` (the caller is put through once the agent has
 * said so), `declined` or `no-answer` (the caller is still with the agent), or `unrung` (the line cannot ring it
 * first: the transfer hands the call over without knowing whether anyone picks up).
 */
export type TransferRing = 'answered' | 'declined' | 'no-answer' | 'unrung';
