import { bytesToPcm16 } from '../../media/pcm';
import { Resampler } from '../../media/resample';

/** Posts a JSON request to a speech endpoint and says plainly why it failed when it did. */
export async function postForAudio(
  vendor: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<Response | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) return null;
    throw new Error(`${vendor} speech synthesis could not be reached: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let detail = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as {
        detail?: { message?: string } | string;
        error?: { message?: string };
      };
      detail =
        (typeof parsed.detail === 'string' ? parsed.detail : parsed.detail?.message) ??
        parsed.error?.message ??
        detail;
    } catch {
      // not JSON: keep the text
    }
    const what = response.status === 401 || response.status === 403 ? 'refused the API key' : 'failed';
    throw new Error(`${vendor} speech synthesis ${what} (HTTP ${response.status}): ${detail}`.trim());
  }
  return response;
}

/** Reads a streamed raw PCM16 body in the chunks it arrives in, converted to `toRate`; stops quietly on abort. */
export async function* readPcmStream(
  response: Response,
  fromRate: number,
  toRate: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<Int16Array> {
  if (!response.body) return;
  const resampler = fromRate === toRate ? null : new Resampler(fromRate, toRate);
  let carry: Uint8Array | null = null;
  try {
    // Node's fetch body is async-iterable; the DOM typings some projects compile with do not say so.
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (signal?.aborted) return;
      let bytes: Uint8Array = part;
      if (carry) {
        bytes = new Uint8Array(carry.length + part.length);
        bytes.set(carry);
        bytes.set(part, carry.length);
        carry = null;
      }
      if (bytes.length % 2) {
        carry = bytes.slice(bytes.length - 1);
        bytes = bytes.subarray(0, bytes.length - 1);
      }
      const samples = bytesToPcm16(bytes);
      const out = resampler ? resampler.push(samples) : samples;
      if (out.length > 0) yield out;
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
  const tail = resampler?.flush();
  if (tail && tail.length > 0) yield tail;
}
