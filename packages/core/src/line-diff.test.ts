import { describe, expect, it } from 'vitest';
import { diffLines, diffStats, sideBySide } from './line-diff';

describe('diffLines', () => {
  it('marks identical texts as kept', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'same', text: 'b', oldLine: 2, newLine: 2 },
    ]);
  });

  it('finds a replaced line in the middle with line numbers on both sides', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2 },
      { kind: 'added', text: 'B', newLine: 2 },
      { kind: 'same', text: 'c', oldLine: 3, newLine: 3 },
    ]);
  });

  it('finds insertions and deletions around kept lines (a longest common subsequence)', () => {
    const lines = diffLines('x\na\nb\nc\ny', 'a\nq\nb\nc\nz');
    expect(lines.map((line) => `${line.kind[0]}${line.text}`)).toEqual([
      'rx',
      'sa',
      'aq',
      'sb',
      'sc',
      'ry',
      'az',
    ]);
    expect(diffStats(lines)).toEqual({ added: 2, removed: 2 });
  });

  it('handles empty texts and line endings', () => {
    expect(diffLines('', '')).toEqual([]);
    expect(diffLines('', 'a')).toEqual([{ kind: 'added', text: 'a', newLine: 1 }]);
    expect(diffLines('a\r\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true);
  });
});

describe('sideBySide', () => {
  it('pairs a removed line with the line that replaced it and pads the longer side', () => {
    const rows = sideBySide(diffLines('a\nb\nc', 'a\nB\nB2\nc'));
    expect(rows.map((row) => [row.left?.text ?? null, row.right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      [null, 'B2'],
      ['c', 'c'],
    ]);
  });
});
