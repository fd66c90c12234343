import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, inertCellText } from './csv-cell';

describe('CSV cells', () => {
  it('make text a spreadsheet would run as a formula inert with a leading quote, and quote it', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+cmd|calc')).toBe(`"'+cmd|calc"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('leave plain numbers, signs included, and ordinary text as they are, quoted', () => {
    expect(csvCell('+15550100001')).toBe('"+15550100001"');
    expect(csvCell('-5')).toBe('"-5"');
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell('Pat; =1+1')).toBe('"Pat; =1+1"');
    expect(csvCell("'=already")).toBe(`"'=already"`);
    expect(inertCellText('a=b')).toBe('a=b');
  });

  it('write NULL as nothing and empty text as a quoted nothing, as COPY does', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('""');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
    expect(csvLine(['=1', 2, null])).toBe(`"'=1","2",\n`);
  });
});
