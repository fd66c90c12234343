import OpenAI from 'openai';

/** Turns passages of text into vectors, one per passage, in order. */
export interface Embedder {
  readonly model: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Passages per /embeddings request (OpenAI takes up to 2,048 inputs; smaller batches keep each request short). */
const batchSize = 64;

/**
 * Embeddings from any OpenAI-compatible `/embeddings` endpoint through the official SDK (its retries of 429 and
 * 5xx, its timeout). The vectors come back in the order of the inputs whatever order the server lists them in.
 */
export function createOpenAiEmbedder(options: { apiKey: string; baseUrl: string; model: string }): Embedder {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    maxRetries: 2,
    timeout: 30_000,
  });
  return {
    model: options.model,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const input = texts.slice(start, start + batchSize);
        const answer = await client.embeddings.create(
          { model: options.model, input, encoding_format: 'float' },
          signal ? { signal } : {},
        );
        const ordered = [...answer.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== input.length) {
          throw new Error(
            `The embeddings server answered ${ordered.length} vectors for ${input.length} passages`,
          );
        }
        vectors.push(...ordered.map((entry) => entry.embedding));
      }
      return vectors;
    },
  };
}
