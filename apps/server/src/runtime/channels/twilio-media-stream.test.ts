import { startApp, toneUtteranceMulaw, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantSpeechProviders } from '../../providers/shared/speech-providers';
import type { EndReason } from '../conversation';
import { loggedConversation } from '../session-client.test-support';
import { DtmfDetector } from '../../media/dtmf';
import { mulawDecode } from '../../media/g711';
import { FramePacer } from './frame-pacer';
import { TwilioMediaStream } from './twilio-media-stream';

let t: DemoApp;
/** What the recogniser hears in the caller's next utterance. */
let words = '';

beforeAll(async () => {
  t = await startApp({ speech: instantSpeechProviders({ transcripts: () => words }) });
});
afterAll(() => t.close());

/** Plays the carrier's side of one stream, as Twilio does: frames in, and what the server sends recorded. */
function carrier(
  callSid: string,
  options: { socket?: { texts: string[] }; pacer?: FramePacer; direction?: 'inbound' | 'outbound' } = {},
) {
  const sent: Record<string, unknown>[] = [];
  const { socket, pacer } = options;
  const line: ({ hangUp: EndReason } | { transfer: string })[] = [];
  let sequence = 0;
  const stream = new TwilioMediaStream({
    runtime: t.services.runtime,
    logger: t.services.logger,
    link: {
      send: (message) => sent.push(message),
      // A socket's text frames: recorded as sent and as parsed, in order with the other messages.
      ...(socket
        ? {
            sendText: (json: string) => {
              socket.texts.push(json);
              sent.push(JSON.parse(json) as Record<string, unknown>);
            },
          }
        : {}),
      close: () => sent.push({ closed: true }),
    },
    ...(pacer ? { pacer } : {}),
    resolve: (start) =>
      Promise.resolve(
        start.customParameters.callToken === `token-${callSid}`
          ? {
              agentAccountId: t.ids.agent1,
              direction: options.direction ?? 'inbound',
              contactPhone: '+15557770100',
              contactName: null,
              call: {
                hangUp: (reason: EndReason) => {
                  line.push({ hangUp: reason });
                  return Promise.resolve();
                },
                transfer: (to: string) => {
                  line.push({ transfer: to });
                  return Promise.resolve();
                },
              },
            }
          : null,
      ),
  });
  const frame = (event: string, body: Record<string, unknown> = {}) =>
    stream.receive(
      JSON.stringify({ event, sequenceNumber: String(++sequence), streamSid: `MZ${callSid}`, ...body }),
    );
  return {
    stream,
    sent,
    line,
    frame,
    start(token = `token-${callSid}`) {
      stream.receive(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      frame('start', {
        start: {
          streamSid: `MZ${callSid}`,
          callSid,
          tracks: ['inbound'],
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          customParameters: { callToken: token },
        },
      });
    },
    speak(said: string) {
      words = said;
      for (const payload of toneUtteranceMulaw()) frame('media', { media: { track: 'inbound', payload } });
    },
    marks: () => sent.filter((message) => message.event === 'mark'),
    /** Echoes every mark the server sent, as Twilio does once their audio has played. */
    played() {
      for (const mark of sent.filter((message) => message.event === 'mark')) {
        frame('mark', { mark: mark.mark });
      }
    },
  };
}

describe('a phone call over a Twilio media stream', () => {
  it('greets, hears the caller, answers from the prompt, takes keypad digits, and logs the call on stop', async () => {
    const call = carrier('CA0001');
    call.start();
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(1);
    const media = call.sent.filter((message) => message.event === 'media');
    expect(media.length).toBeGreaterThan(0);
    for (const message of media) {
      expect(message.streamSid).toBe('MZCA0001');
      const payload = (message.media as { payload: string }).payload;
      expect(Buffer.from(payload, 'base64')).toHaveLength(160);
    }
    call.played();

    call.speak('What are your opening hours?');
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(2);
    call.played();

    call.frame('dtmf', { dtmf: { track: 'inbound_track', digit: '4' } });
    call.frame('dtmf', { dtmf: { track: 'inbound_track', digit: '2' } });
    call.frame('dtmf', { dtmf: { track: 'inbound_track', digit: '#' } });
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(3);

    call.frame('stop', { stop: { callSid: 'CA0001' } });
    await expect.poll(() => call.line).toEqual([{ hangUp: 'caller' }]);

    const uuid = call.stream.conversationUuid ?? '';
    await expect.poll(async () => (await loggedConversation(t, uuid))?.endedReason).toBe('caller');
    const log = await loggedConversation(t, uuid);
    expect(log).toMatchObject({
      channel: 'voice',
      direction: 'inbound',
      fromNumber: '+15557770100',
      toNumber: '+15550100001',
      isTest: false,
    });
    const said = log?.transcript.map((entry) => `${entry.role}: ${entry.text}`) ?? [];
    expect(said).toContain('contact: What are your opening hours?');
    expect(said).toContain('agent: We are open Monday to Friday from 9 am to 6 pm.');
    expect(said).toContain('contact: (keypad) 42');
    expect(log?.usage['tts-characters']).toBeGreaterThan(40);
  });

  it('over a text socket and the pacer, sends each frame as Twilio’s media JSON built once, then the mark', async () => {
    const socket = { texts: [] as string[] };
    const call = carrier('CA0005', { socket, pacer: new FramePacer() });
    call.start();
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(1);
    expect(socket.texts.length).toBeGreaterThan(50);
    for (const json of socket.texts) {
      expect(json).toMatch(
        /^\{"event":"media","streamSid":"MZCA0005","media":\{"payload":"[A-Za-z0-9+/]+={0,2}"\}\}$/,
      );
      const payload = (JSON.parse(json) as { media: { payload: string } }).media.payload;
      expect(Buffer.from(payload, 'base64')).toHaveLength(160);
    }
    // Every frame of the greeting went out before its mark; the mark itself is an object message.
    expect(call.sent.at(-1)).toEqual({ event: 'mark', mark: call.marks()[0]?.mark, streamSid: 'MZCA0005' });
    expect(call.sent.filter((message) => message.event === 'media')).toHaveLength(socket.texts.length);
    call.frame('stop', { stop: { callSid: 'CA0005' } });
  });

  it('prepares the greeting as it plays: the line never holds much more than half a second of it', async () => {
    const pacer = new FramePacer();
    const backlogs: number[] = [];
    const line = pacer.line.bind(pacer);
    // The channel's own line, watched each time the channel queues a frame on it.
    pacer.line = (send) => {
      const paced = line(send);
      return {
        ...paced,
        push: (message, frame) => {
          paced.push(message, frame);
          backlogs.push(paced.backlog);
        },
        get backlog() {
          return paced.backlog;
        },
      };
    };
    const call = carrier('CA0006', { socket: { texts: [] }, pacer });
    call.start();
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(1);
    // The greeting is seconds long; queued at once, the line would have held all of it.
    expect(backlogs.length).toBeGreaterThan(100);
    // Half a second, plus the rest of the 100 ms chunk that crossed it.
    expect(Math.max(...backlogs)).toBeLessThanOrEqual(25 + 5);
    call.frame('stop', { stop: { callSid: 'CA0006' } });
  });

  it('hangs up the line when the agent says goodbye', async () => {
    const call = carrier('CA0003');
    call.start();
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(1);
    call.played();
    call.speak("That's all, thanks. Bye!");
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(2);
    call.played();
    await expect.poll(() => call.line, { timeout: 10_000 }).toEqual([{ hangUp: 'agent' }]);
  });

  it('clears what the carrier still holds when the caller talks over the agent', async () => {
    const call = carrier('CA0004');
    call.start();
    await expect.poll(() => call.marks().length, { timeout: 10_000 }).toBe(1);
    // The greeting is 3.6 s long and not yet heard; after the 3 s the agent cannot be interrupted, a caller who
    // says enough words (3 by default) stops it.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const before = call.sent.length;
    call.speak('Sorry, what are your opening hours?');
    await expect
      .poll(() => call.sent.slice(before).some((message) => message.event === 'clear'), { timeout: 10_000 })
      .toBe(true);
    expect(call.sent.find((message) => message.event === 'clear')).toEqual({
      event: 'clear',
      streamSid: 'MZCA0004',
    });
    call.frame('stop', { stop: { callSid: 'CA0004' } });
  });

  it('presses a phone menu key as in-band DTMF tones when the carrier has no send-digits of its own', async () => {
    const call = carrier('CA0006', { direction: 'outbound' });
    call.start();
    call.speak('Thank you for calling Globex. For sales, press one. For billing, press two.');
    const heard = () => {
      const detector = new DtmfDetector(8000);
      for (const message of call.sent.filter((sent) => sent.event === 'media')) {
        const payload = (message.media as { payload: string }).payload;
        detector.push(mulawDecode(Buffer.from(payload, 'base64')));
      }
      return detector.digits;
    };
    // No task names an option: the first is pressed, and nothing else is played.
    await expect.poll(heard, { timeout: 10_000 }).toBe('1');
    call.frame('stop', { stop: { callSid: 'CA0006' } });
  });

  it('refuses a stream whose call token is not the one the call was given', async () => {
    const call = carrier('CA0002');
    call.start('forged');
    await expect.poll(() => call.sent).toEqual([{ closed: true }]);
  });
});
