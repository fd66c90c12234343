/** A line diff (longest common subsequence) and its side-by-side rows, for comparing agent versions. */

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffLine {
  kind: DiffKind;
  text: string;
  /** 1-based line number in the old text (absent for added lines). */
  oldLine?: number;
  /** 1-based line number in the new text (absent for removed lines). */
  newLine?: number;
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * The lines of `before` and `after` as kept, removed or added, in order. Removals come before additions inside a
 * changed block. Memory is quadratic in the changed middle only (common prefix and suffix are trimmed first).
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const rows = midA.length + 1;
  const cols = midB.length + 1;
  // lengths[i * cols + j] = LCS length of midA[i..] and midB[j..].
  const lengths = new Uint32Array(rows * cols);
  for (let i = midA.length - 1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      lengths[i * cols + j] =
        midA[i] === midB[j]
          ? (lengths[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * cols + j] ?? 0, lengths[i * cols + j + 1] ?? 0);
    }
  }

  const out: DiffLine[] = [];
  for (let k = 0; k < start; k += 1)
    out.push({ kind: 'same', text: a[k] ?? '', oldLine: k + 1, newLine: k + 1 });
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      out.push({ kind: 'same', text: midA[i] ?? '', oldLine: start + i + 1, newLine: start + j + 1 });
      i += 1;
      j += 1;
    } else if (
      j >= midB.length ||
      (i < midA.length && (lengths[(i + 1) * cols + j] ?? 0) >= (lengths[i * cols + j + 1] ?? 0))
    ) {
      out.push({ kind: 'removed', text: midA[i] ?? '', oldLine: start + i + 1 });
      i += 1;
    } else {
      out.push({ kind: 'added', text: midB[j] ?? '', newLine: start + j + 1 });
      j += 1;
    }
  }
  for (let k = 0; k < a.length - endA; k += 1) {
    out.push({ kind: 'same', text: a[endA + k] ?? '', oldLine: endA + k + 1, newLine: endB + k + 1 });
  }
  return out;
}

export interface SideBySideRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

/** Pairs a diff into rows: kept lines on both sides, a removed line beside the added line that replaced it. */
export function sideBySide(lines: readonly DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    const count = Math.max(removed.length, added.length);
    for (let k = 0; k < count; k += 1) rows.push({ left: removed[k] ?? null, right: added[k] ?? null });
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line.kind === 'removed') removed.push(line);
    else if (line.kind === 'added') added.push(line);
    else {
      flush();
      rows.push({ left: line, right: line });
    }
  }
  flush();
  return rows;
}

/** How many lines were added and removed. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added += 1;
    else if (line.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
