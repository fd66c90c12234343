import type { AddressInfo } from 'node:net';
import type { ServerSessionMessage } from '@switchboard/contract';
import { conversationLogs, eq } from '@switchboard/db';
import type { TestApp } from '@switchboard/testing';
import { expect } from 'vitest';
import WebSocket from 'ws';

// Test helpers for the agent session socket, shared by the runtime's API tests.

/** The conversation's log row, once the session has written it (it is written as the socket closes). */
export async function loggedConversation(t: TestApp, uuid: string) {
  const read = async () =>
    (await t.db.select().from(conversationLogs).where(eq(conversationLogs.uuid, uuid)))[0];
  await expect.poll(read).toBeDefined();
  return read();
}

/** A client of the agent session socket that collects every message and waits for the ones a test needs. */
export async function openSession(t: TestApp, token: string) {
  const address = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/agent/session?token=${token}`);
  const received: ServerSessionMessage[] = [];
  const audio: Buffer[] = [];
  const waiters: {
    match: (m: ServerSessionMessage) => boolean;
    resolve: (m: ServerSessionMessage) => void;
  }[] = [];
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      audio.push(data as Buffer);
      return;
    }
    const message = JSON.parse((data as Buffer).toString('utf8')) as ServerSessionMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // Each message is handed to one `next` call: the first unclaimed match, or the next to arrive.
  const claimed = new Set<ServerSessionMessage>();
  const next = <T extends ServerSessionMessage['type']>(
    type: T,
    where: (m: Extract<ServerSessionMessage, { type: T }>) => boolean = () => true,
  ) =>
    new Promise<Extract<ServerSessionMessage, { type: T }>>((resolve, reject) => {
      const match = (m: ServerSessionMessage) =>
        !claimed.has(m) && m.type === type && where(m as Extract<ServerSessionMessage, { type: T }>);
      const early = received.find(match);
      if (early) {
        claimed.add(early);
        resolve(early as Extract<ServerSessionMessage, { type: T }>);
        return;
      }
      const timer = setTimeout(
        () => reject(new Error(`no ${type} message; got ${JSON.stringify(received.map((m) => m.type))}`)),
        10_000,
      );
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          claimed.add(m);
          resolve(m as Extract<ServerSessionMessage, { type: T }>);
        },
      });
    });
  return {
    socket,
    received,
    audio,
    closed,
    next,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
  };
}

/**
 * One utterance as the browser sends it, in 20 ms frames of 16 kHz PCM: half a second of room noise, 1 s of
 * "speech" (a loud tone the energy detector hears), 2 s of room noise.
 */
export function utteranceFrames(): Buffer[] {
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 60;
  };
  const frame = (loud: boolean, index: number) => {
    const pcm = new Int16Array(320);
    for (let i = 0; i < pcm.length; i++) {
      const tone = loud ? 8000 * Math.sin(((index * 320 + i) * 2 * Math.PI * 220) / 16000) : 0;
      pcm[i] = Math.round(tone + noise());
    }
    return Buffer.from(pcm.buffer);
  };
  return [
    ...Array.from({ length: 25 }, (_, i) => frame(false, i)),
    ...Array.from({ length: 50 }, (_, i) => frame(true, i)),
    ...Array.from({ length: 100 }, (_, i) => frame(false, i)),
  ];
}
