import { describe, expect, it } from 'vitest';
import { isFormulaKeyword } from './index';

describe('isFormulaKeyword', () => {
  it('knows the language words in any case and nothing else', () => {
    expect(isFormulaKeyword('sum')).toBe(true);
    expect(isFormulaKeyword('BETWEEN')).toBe(true);
    expect(isFormulaKeyword('Is')).toBe(true);
    expect(isFormulaKeyword('duration')).toBe(false);
  });
});
