import { Readability } from '@mozilla/readability';
import { parseHTML as parseLinkedom } from 'linkedom';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { CrawlError } from './crawler';

/** A document read as headings and paragraphs, in order. */
export type TextBlock = { kind: 'heading'; level: number; text: string } | { kind: 'text'; text: string };

export interface ReadableDocument {
  title: string;
  kind: 'html' | 'pdf' | 'markdown' | 'text';
  blocks: TextBlock[];
}

const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'form', 'header', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'br', 'hr',
]); // prettier-ignore
const skippedTags = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'button']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

interface DomDocument {
  body: DomNode;
  querySelector(selector: string): DomNode | null;
}

/** linkedom's document, seen through the few members read here (its own types need the DOM library). */
const parseHTML = (html: string) => parseLinkedom(html) as unknown as { document: DomDocument };

/** Headings and paragraphs of a DOM subtree; inline elements and loose text join the paragraph around them. */
function blocksOf(root: DomNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  let inline = '';
  const flush = () => {
    const text = squash(inline);
    if (text) blocks.push({ kind: 'text', text });
    inline = '';
  };
  const walk = (node: DomNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        inline += child.textContent ?? '';
        continue;
      }
      if (child.nodeType !== 1) continue;
      const tag = child.nodeName.toLowerCase();
      if (skippedTags.has(tag)) continue;
      const heading = /^h([1-6])$/.exec(tag);
      if (heading) {
        flush();
        const text = squash(child.textContent ?? '');
        if (text) blocks.push({ kind: 'heading', level: Number(heading[1]), text });
      } else if (blockTags.has(tag)) {
        flush();
        walk(child);
        flush();
      } else {
        inline += ' ';
        walk(child);
        inline += ' ';
      }
    }
  };
  walk(root);
  flush();
  return blocks;
}

/** The readable part of a page (Readability over linkedom), else the whole body, as headings and paragraphs. */
export function readHtml(html: string, url: string): ReadableDocument {
  const { document } = parseHTML(html);
  const pageTitle = squash(document.querySelector('title')?.textContent ?? '');
  const h1 = squash(document.querySelector('h1')?.textContent ?? '');
  // Readability names the DOM's Document; linkedom's document is one at run time. Builds without the DOM library
  // (the server's) see that parameter as untyped, builds with it (the browser tests') need the assertion.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    charThreshold: 200,
  }).parse();
  let blocks: TextBlock[] = [];
  if (article?.content) {
    const { document: readable } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
    blocks = blocksOf(readable.body);
  }
  if (blocks.filter((block) => block.kind === 'text').length === 0) {
    // Readability found no article (a short page): the body as it is, menus and all, beats nothing.
    const { document: whole } = parseHTML(html);
    blocks = blocksOf(whole.body);
  }
  const title = squash(article?.title ?? '') || pageTitle || h1 || url;
  return { title, kind: 'html', blocks };
}

export function readMarkdown(markdown: string, url: string): ReadableDocument {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = paragraph.join(fenced ? '\n' : ' ').trim();
    if (text) blocks.push({ kind: 'text', text });
    paragraph = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    const heading = fenced ? null : /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else if (!fenced && line.trim() === '') flush();
    else paragraph.push(fenced ? line : line.trim());
  }
  flush();
  const first = blocks.find((block) => block.kind === 'heading');
  return { title: first?.text ?? fileName(url), kind: 'markdown', blocks };
}

export function readPlainText(text: string, url: string): ReadableDocument {
  const blocks: TextBlock[] = text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => squash(part))
    .filter(Boolean)
    .map((part) => ({ kind: 'text', text: part }));
  return { title: fileName(url), kind: 'text', blocks };
}

export async function readPdf(bytes: Uint8Array, url: string): Promise<ReadableDocument> {
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (error) {
    throw new CrawlError(`the PDF could not be read (${(error as Error).message})`);
  }
  const { text } = await extractText(pdf, { mergePages: false });
  const meta = await getMeta(pdf).catch(() => null);
  const info = (meta?.info ?? {}) as Record<string, unknown>;
  const metaTitle = typeof info.Title === 'string' ? squash(info.Title) : '';
  const blocks: TextBlock[] = (Array.isArray(text) ? text : [text]).flatMap((page) =>
    page
      .split(/\n\s*\n/)
      .map((part) => squash(part))
      .filter(Boolean)
      .map((part): TextBlock => ({ kind: 'text', text: part })),
  );
  return { title: metaTitle || fileName(url), kind: 'pdf', blocks };
}

function fileName(url: string): string {
  try {
    const path = new URL(url).pathname;
    const last = decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '');
    return last || new URL(url).host;
  } catch {
    return url;
  }
}

/** The text of a fetched document by its type; anything else is refused with the type named. */
export async function readDocument(
  body: Buffer,
  contentType: string,
  url: string,
): Promise<ReadableDocument> {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const path = (() => {
    try {
      return new URL(url).pathname.toLowerCase();
    } catch {
      return '';
    }
  })();
  const isPdf = type === 'application/pdf' || body.subarray(0, 5).toString('latin1') === '%PDF-';
  if (isPdf) return readPdf(new Uint8Array(body), url);
  const text = body.toString('utf8');
  if (type === 'text/html' || type === 'application/xhtml+xml') return readHtml(text, url);
  if (
    type === 'text/markdown' ||
    type === 'text/x-markdown' ||
    (type === 'text/plain' && /\.(md|markdown)$/.test(path))
  )
    return readMarkdown(text, url);
  if (type === 'text/plain') return readPlainText(text, url);
  if (type === '' && /^\s*<(!doctype html|html)/i.test(text)) return readHtml(text, url);
  throw new CrawlError(`the document is not text (${type || 'no content type'})`);
}
