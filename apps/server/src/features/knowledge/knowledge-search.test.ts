import { describe, expect, it } from 'vitest';
import type { ChunkHit } from './knowledge.repo';
import { fuseRankings, fusionK } from './knowledge-search';

const hit = (chunkId: number): ChunkHit => ({
  chunkId,
  documentId: `doc-${chunkId}`,
  knowledgeBaseId: 'kb-1',
  url: `https://example.test/${chunkId}`,
  title: 'Page',
  section: '',
  text: `Passage ${chunkId}`,
  score: 0.5,
});

describe('reciprocal rank fusion', () => {
  it('puts a passage several rankings agree on first and scores each by 1 / (k + rank)', () => {
    const fused = fuseRankings(
      [
        [hit(1), hit(2), hit(3)],
        [hit(3), hit(4), hit(1)],
      ],
      10,
    );
    expect(fused.map((h) => h.chunkId)).toEqual([1, 3, 2, 4]);
    expect(fused[0]?.score).toBeCloseTo(1 / (fusionK + 1) + 1 / (fusionK + 3));
    expect(fused[2]?.score).toBeCloseTo(1 / (fusionK + 2));
  });

  it("keeps one ranking's order, ties going to the first list, and stops at the limit", () => {
    expect(fuseRankings([[hit(5), hit(6), hit(7)]], 2).map((h) => h.chunkId)).toEqual([5, 6]);
    expect(fuseRankings([[hit(8)], [hit(9)]], 5).map((h) => h.chunkId)).toEqual([8, 9]);
    expect(fuseRankings([[], []], 5)).toEqual([]);
  });
});
