/** Reads `--name value` from the command line as a positive integer. */
export function intFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}

/** Sends `total` GET requests with `concurrency` in flight; returns requests per second and latency percentiles. */
export async function load(url: string, total: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const start = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: total / seconds, p50: at(0.5), p99: at(0.99) };
}

export function table(rows: Record<string, string | number>[]): void {
  console.table(
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(2)) : v]),
      ),
    ),
  );
}

/** The round with the median throughput. */
export function median<T extends { perSecond: number }>(rounds: T[]): T {
  const sorted = [...rounds].sort((a, b) => a.perSecond - b.perSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no rounds');
  return middle;
}
