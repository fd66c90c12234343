import { describe, expect, it } from 'vitest';
import { listOpenOverlays, parseOverlayValue, withFlag, withoutFlag } from './overlay-query';

const anyFlag = () => true;

describe('parseOverlayValue', () => {
  it('reads a bare flag as no value', () => {
    expect(parseOverlayValue('')).toBeNull();
    expect(parseOverlayValue('true')).toBeNull();
  });

  it('passes any other value through', () => {
    expect(parseOverlayValue('42')).toBe('42');
    expect(parseOverlayValue('TRUE')).toBe('TRUE');
  });
});

describe('withFlag', () => {
  it('adds the flag with its value after the other parameters', () => {
    expect(withFlag('', 'editContact', 42)).toBe('?editContact=42');
    expect(withFlag('?filter=priority', 'editContact', '42')).toBe('?filter=priority&editContact=42');
  });

  it('writes a flag without a value as true', () => {
    expect(withFlag('?a=1', 'addFunds')).toBe('?a=1&addFunds=true');
    expect(withFlag('', 'addFunds', null)).toBe('?addFunds=true');
    expect(withFlag('', 'addFunds', '')).toBe('?addFunds=true');
  });

  it('moves a flag already present to the top, with the new value', () => {
    expect(withFlag('?editContact=1&wallet=true', 'editContact', 2)).toBe('?wallet=true&editContact=2');
  });

  it('encodes the value', () => {
    expect(withFlag('', 'docsPage', 'a b&c=d')).toBe('?docsPage=a%20b%26c%3Dd');
  });

  it('keeps the other parameters exactly as written', () => {
    expect(withFlag('?fields=a,b&filters=%7B%22x%22%3A1%7D', 'reporting')).toBe(
      '?fields=a,b&filters=%7B%22x%22%3A1%7D&reporting=true',
    );
  });
});

describe('withoutFlag', () => {
  it('removes every occurrence and keeps the rest in order', () => {
    expect(withoutFlag('?a=1&chat=5&b=2&chat', 'chat')).toBe('?a=1&b=2');
  });

  it('returns an empty search when nothing is left', () => {
    expect(withoutFlag('?chat=5', 'chat')).toBe('');
    expect(withoutFlag('', 'chat')).toBe('');
  });

  it('matches the decoded name only, not a prefix or a value', () => {
    expect(withoutFlag('?chatty=1&x=chat&ch%61t=2', 'chat')).toBe('?chatty=1&x=chat');
  });

  it('survives malformed encoding in other parameters', () => {
    expect(withoutFlag('?%E0%A4%A=1&chat', 'chat')).toBe('?%E0%A4%A=1');
  });
});

describe('listOpenOverlays', () => {
  it('lists known flags in query order with their values', () => {
    const isOverlay = (flag: string) => ['wallet', 'editContact'].includes(flag);
    expect(listOpenOverlays('?editContact=42&inbox=1&wallet', isOverlay)).toEqual([
      { flag: 'editContact', value: '42' },
      { flag: 'wallet', value: null },
    ]);
  });

  it('counts a repeated flag at its last position with its last value', () => {
    expect(listOpenOverlays('?chat=1&wallet=true&chat=2', anyFlag)).toEqual([
      { flag: 'wallet', value: null },
      { flag: 'chat', value: '2' },
    ]);
  });

  it('treats flag=false as closed', () => {
    expect(listOpenOverlays('?wallet=false&chat=1', anyFlag)).toEqual([{ flag: 'chat', value: '1' }]);
  });

  it('decodes values', () => {
    expect(listOpenOverlays('?docsPage=getting%20started', anyFlag)).toEqual([
      { flag: 'docsPage', value: 'getting started' },
    ]);
  });

  it('round-trips with withFlag and withoutFlag', () => {
    const opened = withFlag(withFlag('?path=x', 'wallet'), 'editContact', 7);
    expect(listOpenOverlays(opened, (flag) => flag !== 'path').at(-1)).toEqual({
      flag: 'editContact',
      value: '7',
    });
    expect(listOpenOverlays(withoutFlag(opened, 'editContact'), (flag) => flag !== 'path')).toEqual([
      { flag: 'wallet', value: null },
    ]);
  });
});
