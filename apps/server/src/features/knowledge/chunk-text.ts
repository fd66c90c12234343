import type { NewChunk } from './knowledge.repo';
import type { ReadableDocument } from './extract-text';

/** About a paragraph or two: small enough that the best chunk is about one thing, large enough to answer. */
export const chunkTarget = { softChars: 700, hardChars: 1200 } as const;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/).filter(Boolean);
}

/** A paragraph longer than the hard limit is cut at sentence ends (a sentence longer still, at words). */
function pieces(text: string): string[] {
  if (text.length <= chunkTarget.hardChars) return [text];
  const out: string[] = [];
  let current = '';
  for (const sentence of sentencesOf(text)) {
    const parts =
      sentence.length > chunkTarget.hardChars
        ? (sentence.match(new RegExp(`.{1,${chunkTarget.softChars}}(\\s|$)`, 'g')) ?? [sentence])
        : [sentence];
    for (const part of parts) {
      if (current && current.length + part.length + 1 > chunkTarget.softChars) {
        out.push(current.trim());
        current = '';
      }
      current += `${part.trim()} `;
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/**
 * Cuts a document at its headings and paragraphs: every heading starts a new chunk, paragraphs under one heading
 * join until the soft size, and each chunk carries the page title and the path of headings above it.
 */
export function chunkDocument(document: ReadableDocument): NewChunk[] {
  const chunks: NewChunk[] = [];
  const path: { level: number; text: string }[] = [];
  let buffer: string[] = [];
  let size = 0;
  const section = () => path.map((heading) => heading.text).join(' > ');
  const flush = () => {
    if (buffer.length === 0) return;
    chunks.push({
      position: chunks.length,
      title: document.title,
      section: section(),
      text: buffer.join('\n'),
    });
    buffer = [];
    size = 0;
  };
  for (const block of document.blocks) {
    if (block.kind === 'heading') {
      flush();
      while (path.length > 0 && (path.at(-1)?.level ?? 0) >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      continue;
    }
    for (const piece of pieces(block.text)) {
      if (size > 0 && size + piece.length > chunkTarget.softChars) flush();
      buffer.push(piece);
      size += piece.length + 1;
    }
  }
  flush();
  return chunks;
}
