import { describe, expect, it, vi } from 'vitest';
import { PcmPlayer, type PlaybackContext } from './pcm-player';

/** A context whose clock the test moves, recording what was scheduled. */
class FakeContext {
  currentTime = 0;
  readonly scheduled: FakeSource[] = [];

  createBuffer(_channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return {
      duration: length / sampleRate,
      data,
      copyToChannel: (samples: Float32Array) => {
        data.set(samples);
      },
    };
  }

  createBufferSource() {
    const source = new FakeSource();
    this.scheduled.push(source);
    return source;
  }

  /** Moves the clock and fires `onended` for every source that finished by then. */
  advance(to: number) {
    this.currentTime = to;
    for (const source of this.scheduled) {
      if (source.startedAt !== null && !source.stopped && source.startedAt + source.duration <= to) {
        source.stopped = true;
        source.onended?.();
      }
    }
  }
}

class FakeSource {
  buffer: { duration: number; data: Float32Array } | null = null;
  startedAt: number | null = null;
  stopped = false;
  connected = false;
  onended: (() => void) | null = null;
  get duration() {
    return this.buffer?.duration ?? 0;
  }
  connect() {
    this.connected = true;
  }
  disconnect() {
    this.connected = false;
  }
  start(when: number) {
    this.startedAt = when;
  }
  stop() {
    this.stopped = true;
  }
}

function setup() {
  const context = new FakeContext();
  const played = vi.fn();
  const player = new PcmPlayer(context as unknown as PlaybackContext, {} as AudioNode, 24_000, played);
  return { context, player, played };
}

/** 20 ms of PCM at 24 kHz (480 samples). */
const chunk = (value = 1000) => new Int16Array(480).fill(value).buffer;

describe('PcmPlayer', () => {
  it('schedules chunks back to back on the context clock', () => {
    const { context, player } = setup();
    context.currentTime = 1;
    player.audioStart('t1');
    player.audioChunk('t1', chunk());
    player.audioChunk('t1', chunk());
    context.currentTime = 1.03;
    player.audioChunk('t1', chunk());
    const starts = context.scheduled.map((source) => source.startedAt ?? Number.NaN);
    expect(starts[0]).toBeCloseTo(1.08);
    expect(starts[1]).toBeCloseTo(1.1);
    expect(starts[2]).toBeCloseTo(1.12);
    expect(context.scheduled[0]?.buffer?.data[0]).toBeCloseTo(1000 / 32768);
    expect(player.playing).toBe(true);
  });

  it('starts again with a head start after running dry', () => {
    const { context, player } = setup();
    player.audioChunk('t1', chunk());
    context.advance(5);
    player.audioChunk('t1', chunk());
    expect(context.scheduled[1]?.startedAt).toBeCloseTo(5.08);
  });

  it('reports a turn played once its audio is complete and its last chunk has ended', () => {
    const { context, player, played } = setup();
    player.audioStart('t1');
    player.audioChunk('t1', chunk());
    player.audioChunk('t1', chunk());
    context.advance(0.1);
    expect(played).not.toHaveBeenCalled();
    player.audioEnd('t1');
    expect(played).not.toHaveBeenCalled();
    context.advance(0.2);
    expect(played).toHaveBeenCalledExactlyOnceWith('t1');
    expect(player.playing).toBe(false);
  });

  it('stops everything at once on barge-in and never reports the cut turn', () => {
    const { context, player, played } = setup();
    player.audioStart('t1');
    for (let index = 0; index < 50; index += 1) player.audioChunk('t1', chunk());
    player.audioEnd('t1');
    context.advance(0.3);
    player.stop();
    expect(context.scheduled.every((source) => source.stopped && !source.connected)).toBe(true);
    expect(player.playing).toBe(false);
    context.advance(10);
    expect(played).not.toHaveBeenCalled();
    // The next turn starts fresh, not after the dropped queue.
    player.audioChunk('t2', chunk());
    expect(context.scheduled.at(-1)?.startedAt).toBeCloseTo(10.08);
  });

  it('tells subscribers when playback starts and stops', () => {
    const { context, player } = setup();
    const listener = vi.fn();
    player.subscribe(listener);
    player.audioChunk('t1', chunk());
    player.audioChunk('t1', chunk());
    expect(listener).toHaveBeenCalledTimes(1);
    context.advance(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
