// Finds the controls a person cannot fully see: cut by the viewport's width, or by an ancestor that clips its
// overflow. The page side (`readControls`) only measures; the judgement (`cutOffControls`) is plain logic.

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export type Overflow = 'visible' | 'hidden' | 'clip' | 'auto' | 'scroll';

/** An ancestor that does not let its content spill out on at least one axis. */
export interface Clipper {
  name: string;
  box: Box;
  overflowX: Overflow;
  overflowY: Overflow;
  scrollLeft: number;
}

export interface Control {
  /** "button Send", "link Inbox", "input Reply"... */
  name: string;
  box: Box;
  /** Clipping ancestors, nearest first. */
  clippers: Clipper[];
  /** Inside a closed off-canvas panel (a fixed drawer wholly outside the viewport): hidden, not cut off. */
  offCanvas: boolean;
}

export interface CutOff {
  name: string;
  by: string;
}

const slack = 1;
const clips = (overflow: Overflow) => overflow !== 'visible';
const hardClip = (overflow: Overflow) => overflow === 'hidden' || overflow === 'clip';

/**
 * The controls cut off: wider than the viewport allows, or outside a clipping ancestor. A scrolling ancestor
 * (auto/scroll) cuts a control off only on its starting edge while scrolled to the start (the content's first
 * letters are lost for good); a control further along is reached by scrolling.
 */
export function cutOffControls(controls: readonly Control[], viewportWidth: number): CutOff[] {
  const found: CutOff[] = [];
  for (const control of controls) {
    if (control.offCanvas) continue;
    const { box } = control;
    if (box.left < -slack || box.right > viewportWidth + slack) {
      found.push({ name: control.name, by: 'the viewport' });
      continue;
    }
    // Past the nearest scrolling ancestor on an axis, the control's place on that axis is the scroller's business.
    let scrolledX = false;
    let scrolledY = false;
    for (const clipper of control.clippers) {
      const outLeft = box.left < clipper.box.left - slack;
      const outRight = box.right > clipper.box.right + slack;
      const outTop = box.top < clipper.box.top - slack;
      const outBottom = box.bottom > clipper.box.bottom + slack;
      const cutX =
        !scrolledX &&
        clips(clipper.overflowX) &&
        (hardClip(clipper.overflowX) ? outLeft || outRight : outLeft && clipper.scrollLeft === 0);
      const cutY = !scrolledY && hardClip(clipper.overflowY) && (outTop || outBottom);
      if (cutX || cutY) {
        found.push({ name: control.name, by: clipper.name });
        break;
      }
      if (clips(clipper.overflowX) && !hardClip(clipper.overflowX)) scrolledX = true;
      if (clips(clipper.overflowY) && !hardClip(clipper.overflowY)) scrolledY = true;
    }
  }
  return found;
}

/**
 * Runs in the page: every visible button, link, input, select and text area, with its box and its clipping
 * ancestors. Self-contained (Playwright sends its source).
 */
export function readControls(): Control[] {
  const selector =
    'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"]';
  const boxOf = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
  };
  const describe = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('placeholder') ??
      element.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()} "${label}"`;
  };
  const controls: Control[] = [];
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    if (element.closest('[aria-hidden="true"], [inert]')) continue;
    const clippers: Clipper[] = [];
    let offCanvas = false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.display === 'none') break;
      const parentBox = boxOf(parent);
      if (parentStyle.position === 'fixed' && (parentBox.right <= 0 || parentBox.left >= window.innerWidth)) {
        offCanvas = true;
      }
      if (parent === document.body || parent === document.documentElement) continue;
      const overflowX = parentStyle.overflowX as Overflow;
      const overflowY = parentStyle.overflowY as Overflow;
      if (overflowX !== 'visible' || overflowY !== 'visible') {
        const name = `${parent.tagName.toLowerCase()}.${(parent.getAttribute('class') ?? '').split(' ')[0] ?? ''}`;
        clippers.push({ name, box: parentBox, overflowX, overflowY, scrollLeft: parent.scrollLeft });
      }
    }
    controls.push({ name: describe(element), box: boxOf(element), clippers, offCanvas });
  }
  return controls;
}
