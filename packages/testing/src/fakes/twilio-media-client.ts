import { mulawEncode } from '@switchboard/server/media/g711';
import WebSocket from 'ws';

/**
 * One utterance as a phone line carries it, in 20 ms μ-law frames at 8 kHz (base64, as Twilio sends media): half a
 * second of room noise, one second of "speech" (a loud tone any detector hears), then two seconds of noise.
 */
export function toneUtteranceMulaw(): string[] {
  let seed = 11;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 60;
  };
  const frame = (loud: boolean, index: number) => {
    const pcm = new Int16Array(160);
    for (let i = 0; i < pcm.length; i++) {
      const tone = loud ? 8000 * Math.sin(((index * 160 + i) * 2 * Math.PI * 220) / 8000) : 0;
      pcm[i] = Math.round(tone + noise());
    }
    return Buffer.from(mulawEncode(pcm)).toString('base64');
  };
  return [
    ...Array.from({ length: 25 }, (_, i) => frame(false, i)),
    ...Array.from({ length: 50 }, (_, i) => frame(true, i)),
    ...Array.from({ length: 100 }, (_, i) => frame(false, i)),
  ];
}

/** 8 kHz PCM as a phone line carries it: 20 ms μ-law frames (base64), the last padded with μ-law silence. */
export function mulawFrames(samples: Int16Array): string[] {
  const codes = mulawEncode(samples);
  const frames: string[] = [];
  for (let offset = 0; offset < codes.length; offset += 160) {
    const frame = new Uint8Array(160).fill(0xff);
    frame.set(codes.subarray(offset, offset + 160));
    frames.push(Buffer.from(frame).toString('base64'));
  }
  return frames;
}

export type MediaStreamMessage = Record<string, unknown> & { event?: string };

/**
 * The carrier's side of a bidirectional media stream, as Twilio plays it: `connected`, then `start` naming the
 * call and its parameters, caller audio as `media` frames, keypad `dtmf`, `stop`; every `mark` the server sends
 * is echoed (as Twilio does once the audio before it has played) unless `echoMarks` is false.
 */
export async function connectTwilioMediaStream(
  url: string,
  call: { callSid: string; customParameters: Record<string, string>; echoMarks?: boolean },
) {
  const socket = new WebSocket(url);
  const received: MediaStreamMessage[] = [];
  const streamSid = `MZ${call.callSid.slice(2)}`;
  let sequence = 0;
  const send = (event: string, body: Record<string, unknown> = {}) =>
    socket.send(JSON.stringify({ event, sequenceNumber: String(++sequence), streamSid, ...body }));
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString('utf8')) as MediaStreamMessage;
    received.push(message);
    if (message.event === 'mark' && call.echoMarks !== false) send('mark', { mark: message.mark });
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
  send('start', {
    start: {
      streamSid,
      callSid: call.callSid,
      tracks: ['inbound'],
      mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      customParameters: call.customParameters,
    },
  });
  return {
    streamSid,
    received,
    closed,
    marks: () => received.filter((message) => message.event === 'mark'),
    /** Sends caller audio frames (base64 μ-law). */
    speak: (frames: readonly string[] = toneUtteranceMulaw()) => {
      for (const payload of frames) send('media', { media: { track: 'inbound', payload } });
    },
    /** Sends caller audio frames in real time, one every 20 ms, as the carrier does; resolves after the last. */
    play: (frames: readonly string[]) =>
      new Promise<void>((resolve) => {
        const began = performance.now();
        let sent = 0;
        const tick = () => {
          const due = Math.min(frames.length, Math.floor((performance.now() - began) / 20) + 1);
          for (; sent < due && socket.readyState === WebSocket.OPEN; sent++) {
            send('media', { media: { track: 'inbound', chunk: String(sent + 1), payload: frames[sent] } });
          }
          if (sent >= frames.length || socket.readyState !== WebSocket.OPEN) resolve();
          else setTimeout(tick, began + sent * 20 - performance.now());
        };
        tick();
      }),
    press: (digit: string) => send('dtmf', { dtmf: { track: 'inbound_track', digit } }),
    stop: () => {
      send('stop', { stop: { callSid: call.callSid } });
      socket.close();
    },
  };
}
