import { describe, expect, it } from 'vitest';
import { cutOffControls, type Clipper, type Control } from './cut-off';

const box = (left: number, right: number, top = 0, bottom = 20) => ({ left, right, top, bottom });
const control = (
  name: string,
  at: ReturnType<typeof box>,
  clippers: Clipper[] = [],
  offCanvas = false,
): Control => ({
  name,
  box: at,
  clippers,
  offCanvas,
});
const clipper = (overflow: Clipper['overflowX'], at: ReturnType<typeof box>, scrollLeft = 0): Clipper => ({
  name: `div.${overflow}`,
  box: at,
  overflowX: overflow,
  overflowY: overflow,
  scrollLeft,
});

describe('cut-off controls', () => {
  it('passes controls inside the viewport and their clipping ancestors', () => {
    expect(
      cutOffControls([control('Send', box(300, 380), [clipper('hidden', box(0, 390, 0, 800))])], 390),
    ).toEqual([]);
  });

  it('finds a control wider than the viewport, on either side', () => {
    expect(cutOffControls([control('Send', box(350, 430)), control('Back', box(-12, 20))], 390)).toEqual([
      { name: 'Send', by: 'the viewport' },
      { name: 'Back', by: 'the viewport' },
    ]);
  });

  it('finds a control outside an ancestor that hides its overflow, on either axis', () => {
    const hidden = clipper('hidden', box(0, 200, 0, 100));
    expect(
      cutOffControls(
        [control('More actions', box(190, 220), [hidden]), control('Save', box(10, 60, 90, 120), [hidden])],
        390,
      ),
    ).toEqual([
      { name: 'More actions', by: 'div.hidden' },
      { name: 'Save', by: 'div.hidden' },
    ]);
  });

  it('lets a scroller hold controls further along, but not ones lost off its start', () => {
    const scroller = clipper('auto', box(50, 340, 0, 400));
    const scrolled = clipper('auto', box(50, 340, 0, 400), 40);
    expect(
      cutOffControls(
        [
          control('row 30', box(60, 330, 900, 940), [scroller, clipper('hidden', box(50, 340, 0, 400))]),
          control('wide table cell', box(300, 380), [scroller]),
          control('bubble', box(20, 120), [scroller]),
          control('scrolled bubble', box(20, 120), [scrolled]),
        ],
        390,
      ),
    ).toEqual([{ name: 'bubble', by: 'div.auto' }]);
  });

  it('ignores a closed off-canvas drawer', () => {
    expect(cutOffControls([control('Inbox', box(-240, -10), [], true)], 390)).toEqual([]);
  });
});
