// Where the channel server's CPU time goes: the self time of its --cpu-prof profile by function, and by area.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { table } from '../support';

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Which part of the work a source file is. */
function area(url: string): string {
  if (url === '') return 'native / GC / idle';
  if (url.includes('/ws/')) return 'ws (framing, masking)';
  if (url.includes('g711')) return 'G.711 codec';
  if (url.includes('/vad/')) return 'VAD';
  if (url.includes('voice-pipeline') || url.includes('voice-silence')) return 'voice pipeline';
  if (url.includes('twilio-media-stream') || url.includes('frame-pacer')) return 'channel and pacer';
  if (url.includes('/runtime/') || url.includes('/providers/')) return 'runtime and providers';
  if (url.startsWith('node:')) return 'node core (net, buffers, timers)';
  return 'other JavaScript';
}

export function summarizeProfile(directory: string): void {
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as {
      nodes: ProfileNode[];
      startTime: number;
      endTime: number;
      samples: number[];
    };
    const total = profile.samples.length;
    const byFunction = new Map<string, number>();
    const byArea = new Map<string, number>();
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      if (hits === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const name = `${functionName || '(anonymous)'} ${path.basename(url)}:${lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
      byArea.set(area(url), (byArea.get(area(url)) ?? 0) + hits);
    }
    const share = (entries: Map<string, number>, limit: number) =>
      [...entries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([name, hits]) => ({ name, 'self %': (hits / total) * 100 }));
    console.log(`CPU profile ${path.join(directory, file)}: ${total} samples`);
    table(share(byArea, 12));
    table(share(byFunction, 15));
  }
}
