import type { ConversationState } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ConversationContext,
  LanguageModel,
  ModelMessage,
  ModelUsage,
  ToolCall,
} from '../providers/llm/types';
import type { ToolEnvironment, ToolOutcome, ToolState } from './tools/environment';
import { outcomeContent, runTool, toolSpecs } from './tools/toolbox';

/**
 * One conversation with an agent, as an explicit state machine:
 *
 *   idle → greeting → listening ⇄ thinking → speaking → listening … → ended
 *
 * `thinking` runs the model (with the agent's functions) until it answers; `speaking` lasts until the channel
 * says the reply was delivered (at once for text, after the audio for voice). The caller speaking during
 * thinking or speaking is a barge-in: the turn is cancelled and what was already said stays in the history.
 * Model and function failures are answered with a graceful line, logged, and never thrown out of here.
 */

export interface ConversationEvents {
  state(state: ConversationState): void;
  /** What the caller said, as the conversation took it in. */
  user?(text: string): void;
  /** A piece of the agent's reply as it streams. */
  delta(turnId: string, delta: string): void;
  /** The whole reply of a turn (also after a barge-in: what was said so far). */
  reply(turnId: string, text: string): void;
  tool(call: ToolCall, outcome: ToolOutcome): void;
  ended(reason: EndReason, transfer: string | null): void;
}

export type EndReason = 'agent' | 'caller' | 'transfer' | 'timeout' | 'error';

export interface ConversationOptions {
  model: LanguageModel;
  system: string;
  context: ConversationContext;
  tools: ToolEnvironment;
  state: ToolState;
  events: ConversationEvents;
  logger: FastifyBaseLogger;
  /** Earlier messages of the thread (SMS continues a conversation across requests). */
  history?: ModelMessage[];
  /** Tool rounds per turn before the agent must answer. */
  maxToolRounds?: number;
  now?: () => number;
  /** Said instead of the greeting, and the conversation ends after it (the wallet that pays is empty). */
  closingLine?: string;
}

export const gracefulFailureLine =
  "I'm sorry, I'm having trouble answering right now. Could you say that again?";
const defaultFarewell = 'Thank you for calling. Goodbye!';

export class Conversation {
  private current: ConversationState | 'idle' = 'idle';
  private turn: { id: string; abort: AbortController; done: Promise<void> } | null = null;
  private turnCounter = 0;
  readonly history: ModelMessage[];
  readonly usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  readonly toolLog: { call: ToolCall; outcome: ToolOutcome; atMs: number }[] = [];
  private readonly startedAt: number;
  private pendingSpeech: string | null = null;
  /** A line said to end the conversation (a silence timeout): it ends once the line is delivered. */
  private endAfterSpeech: EndReason | null = null;
  private endReason: EndReason | null = null;

  constructor(private readonly options: ConversationOptions) {
    this.history = [...(options.history ?? [])];
    this.startedAt = this.now();
  }

  get state(): ConversationState | 'idle' {
    return this.current;
  }

  get ended(): boolean {
    return this.current === 'ended';
  }

  get toolState(): ToolState {
    return this.options.state;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private setState(next: ConversationState): void {
    if (this.current === next || this.current === 'ended') return;
    this.current = next;
    this.options.events.state(next);
  }

  /**
   * Answers: speaks the welcome message, or lets the model write one (a `prompt:` greeting, or none set).
   * Resolves when the greeting's text is ready; the channel then reports `delivered()`. With `endAfter` the
   * conversation ends once it is delivered (a message left on a voicemail).
   */
  async greet(welcomeMessage: string, options: { endAfter?: EndReason } = {}): Promise<void> {
    if (this.current !== 'idle') return;
    this.setState('greeting');
    const closing = this.options.closingLine;
    const fixed = closing ?? welcomeMessage.trim();
    const turnId = this.nextTurnId();
    if (closing !== undefined) this.endAfterSpeech = 'agent';
    else if (options.endAfter) this.endAfterSpeech = options.endAfter;
    if (fixed !== '' && !fixed.toLowerCase().startsWith('prompt:')) {
      this.options.events.delta(turnId, fixed);
      this.history.push({ role: 'assistant', content: fixed });
      this.pendingSpeech = turnId;
      this.options.events.reply(turnId, fixed);
      return;
    }
    const instruction = fixed.slice('prompt:'.length).trim();
    const abort = new AbortController();
    const text = await this.completeOnce(turnId, abort.signal, instruction);
    this.history.push({ role: 'assistant', content: text });
    this.pendingSpeech = turnId;
    this.options.events.reply(turnId, text);
  }

  /**
   * What the caller said (a typed message or a recognised utterance). Barges in on a turn in progress. `heard`:
   * it is already in the transcript (saidAside), and is now answered.
   */
  async userSaid(text: string, options: { heard?: boolean } = {}): Promise<void> {
    const trimmed = text.trim();
    // A closing line is not a conversation: nothing the caller says is answered or interrupts it.
    if (this.current === 'ended' || trimmed === '' || this.options.closingLine !== undefined) return;
    if (this.turn) await this.bargeIn();
    this.options.state.userTurns += 1;
    this.history.push({ role: 'user', content: trimmed });
    if (!options.heard) this.options.events.user?.(trimmed);
    const turnId = this.nextTurnId();
    const abort = new AbortController();
    const done = this.runTurn(turnId, abort.signal);
    this.turn = { id: turnId, abort, done };
    await done;
    if (this.turn.id === turnId) this.turn = null;
  }

  /**
   * What the other side said that the agent does not answer (a voicemail greeting, a phone menu, a call screener,
   * a person's "Hello?" while the call's answer is being decided): kept in the transcript, no turn starts.
   */
  saidAside(text: string): void {
    const trimmed = text.trim();
    if (this.current === 'ended' || trimmed === '') return;
    this.options.events.user?.(trimmed);
  }

  /**
   * Says a fixed line while listening (a check-in after the caller went silent); with `endAfter` the
   * conversation ends with that reason once the line is delivered. False when the agent is busy or it ended.
   */
  sayLine(text: string, options: { endAfter?: EndReason } = {}): boolean {
    if (this.current !== 'listening' || this.turn || this.pendingSpeech !== null) return false;
    const turnId = this.nextTurnId();
    this.setState('speaking');
    this.options.events.delta(turnId, text);
    this.history.push({ role: 'assistant', content: text });
    this.pendingSpeech = turnId;
    this.endAfterSpeech = options.endAfter ?? null;
    this.options.events.reply(turnId, text);
    return true;
  }

  /** The caller started talking over the agent: stop thinking or speaking now. */
  async bargeIn(): Promise<void> {
    if (this.options.closingLine !== undefined) return;
    const turn = this.turn;
    this.pendingSpeech = null;
    this.endAfterSpeech = null;
    if (!turn) {
      if (this.current === 'speaking' || this.current === 'greeting') this.setState('listening');
      return;
    }
    turn.abort.abort();
    await turn.done;
    this.turn = null;
    if (!this.ended) this.setState('listening');
  }

  /** The channel delivered the reply of a turn (text sent, audio played): listen again, or end after a farewell. */
  delivered(turnId: string): void {
    if (this.pendingSpeech !== turnId) return;
    this.pendingSpeech = null;
    if (this.endAfterSpeech) {
      this.finish(this.endAfterSpeech, this.options.state.transfer);
      return;
    }
    const end = this.options.state.endRequested;
    if (end) {
      this.finish(end.reason, this.options.state.transfer);
      return;
    }
    this.setState('listening');
  }

  /** Ends the conversation now (the caller hung up, a timeout, an error). */
  hangUp(reason: EndReason): void {
    this.turn?.abort.abort();
    this.finish(reason, this.options.state.transfer);
  }

  get endedReason(): EndReason | null {
    return this.endReason;
  }

  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  private finish(reason: EndReason, transfer: string | null): void {
    if (this.current === 'ended') return;
    this.endReason = reason;
    this.setState('ended');
    this.options.events.ended(reason, transfer);
  }

  private nextTurnId(): string {
    this.turnCounter += 1;
    return `t${this.turnCounter}`;
  }

  /** One model completion without tools (the greeting); a failure gives the default greeting. */
  private async completeOnce(turnId: string, signal: AbortSignal, instruction: string): Promise<string> {
    let text = '';
    try {
      const system = instruction ? `${this.options.system}\n\nGreeting: ${instruction}` : this.options.system;
      for await (const event of this.options.model.stream({
        system,
        messages: this.history,
        tools: [],
        signal,
        context: this.options.context,
      })) {
        if (event.type === 'text') {
          text += event.delta;
          this.options.events.delta(turnId, event.delta);
        } else if (event.type === 'finish') this.addUsage(event.usage);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'greeting generation failed');
    }
    if (text.trim() === '') {
      text = 'Hello! How can I help you today?';
      this.options.events.delta(turnId, text);
    }
    return text;
  }

  private addUsage(usage: ModelUsage): void {
    this.usage.inputTokens += usage.inputTokens;
    this.usage.outputTokens += usage.outputTokens;
  }

  private async runTurn(turnId: string, signal: AbortSignal): Promise<void> {
    this.setState('thinking');
    const tools = toolSpecs(this.options.tools.config, this.options.tools.apps);
    const maxRounds = this.options.maxToolRounds ?? 5;
    let spoken = '';
    const say = (delta: string) => {
      if (delta === '') return;
      if (spoken === '') this.setState('speaking');
      spoken += delta;
      this.options.events.delta(turnId, delta);
    };
    try {
      for (let round = 0; round <= maxRounds; round++) {
        let text = '';
        const calls: ToolCall[] = [];
        // The last round offers no functions, so the model has to answer.
        const offered = round === maxRounds ? [] : tools;
        for await (const event of this.options.model.stream({
          system: this.options.system,
          messages: this.history,
          tools: offered,
          signal,
          context: this.options.context,
        })) {
          if (signal.aborted) break;
          if (event.type === 'text') {
            // A space between the parts of a reply spread over tool rounds.
            const piece =
              text === '' && spoken !== '' && !/^\s/.test(event.delta) && !/\s$/.test(spoken)
                ? ` ${event.delta}`
                : event.delta;
            text += piece;
            say(piece);
          } else if (event.type === 'tool-call') calls.push(event.call);
          else this.addUsage(event.usage);
        }
        if (signal.aborted) {
          // Barge-in: keep what the caller heard, drop the unfinished function calls.
          if (text !== '') this.history.push({ role: 'assistant', content: text });
          break;
        }
        this.history.push({
          role: 'assistant',
          content: text,
          ...(calls.length > 0 ? { toolCalls: calls } : {}),
        });
        if (calls.length === 0) break;
        for (const call of calls) {
          const outcome = await runTool(this.options.tools, this.options.state, call, {
            model: this.options.model,
            history: this.history,
            signal,
            addUsage: (usage) => this.addUsage(usage),
          });
          this.toolLog.push({ call, outcome, atMs: this.now() - this.startedAt });
          this.options.events.tool(call, outcome);
          this.history.push({
            role: 'tool',
            toolCallId: call.id,
            name: call.name,
            content: outcomeContent(outcome),
          });
        }
      }
    } catch (error) {
      if (signal.aborted) {
        // The model stream was cancelled by a barge-in.
      } else {
        this.options.logger.error(
          { err: error, model: this.options.model.name },
          'the model failed during a turn',
        );
        if (spoken === '') {
          say(gracefulFailureLine);
          this.history.push({ role: 'assistant', content: gracefulFailureLine });
        }
      }
    }
    if (signal.aborted) {
      if (spoken !== '') this.options.events.reply(turnId, spoken);
      return;
    }
    // Ending without last words: say goodbye before hanging up.
    if (this.options.state.endRequested && spoken.trim() === '') {
      const farewell = this.farewellFromCalls() ?? defaultFarewell;
      say(farewell);
      this.history.push({ role: 'assistant', content: farewell });
    }
    if (spoken === '') {
      // The model returned nothing at all: still answer, so the caller is never left in silence.
      say(gracefulFailureLine);
      this.history.push({ role: 'assistant', content: gracefulFailureLine });
    }
    this.pendingSpeech = turnId;
    this.options.events.reply(turnId, spoken);
  }

  private farewellFromCalls(): string | null {
    for (let i = this.toolLog.length - 1; i >= 0; i--) {
      const entry = this.toolLog[i];
      if (entry?.call.name === 'end_conversation' && typeof entry.call.arguments.farewell === 'string') {
        return entry.call.arguments.farewell;
      }
    }
    return null;
  }
}
