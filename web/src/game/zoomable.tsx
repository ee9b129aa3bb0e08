// A board that pans and zooms: its view fills the width it is given and scrolls (one finger, a
// mouse wheel, or the arrow keys once focused); it zooms with two fingers, Ctrl and the wheel (a
// trackpad's pinch), the + and − buttons, or the + and − keys. It opens at the least zoom at which
// the board's smallest target is 44 CSS px across (WCAG 2.5.5) or the size its game asks for,
// fitting the width when that is enough, as on a desktop, with the point its game names (where the
// play is) in the middle. The board inside draws at 100% of the width it is handed.

import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** The least tap target, in CSS px (WCAG 2.5.5; Apple's and Google's figure). */
export const TAP = 44;
const MAX_ZOOM = 4;

export function Zoomable(props: {
  /** The board's name, for the view and its buttons. */
  label: string;
  /** The board's width in its own units (its viewBox). */
  width: number;
  /** Its smallest target in the same units (none: fitting the width is enough). */
  minTarget?: number;
  /** How many CSS px that target opens at (a glyph that need only be legible); 44 unless told. */
  targetPx?: number;
  /** Where the play is, in the board's units from its left and top edge: in the middle on opening. */
  centre?: { x: number; y: number } | null;
  /** The board draws with one finger (a Move's path): the browser must not pan with it. */
  drawing?: boolean;
  class?: string;
  children: ComponentChildren;
}) {
  const view = useRef<HTMLDivElement>(null);
  // The zoom relative to fitting the width; null until the view's width is known.
  const [zoom, setZoom] = useState<number | null>(null);
  const [least, setLeast] = useState(1);
  const pinch = useRef<{ start: number; zoom: number } | null>(null);
  const zoomNow = useRef(1);
  zoomNow.current = zoom ?? least;
  const targetPx = props.targetPx ?? TAP;
  // The centre is brought into view once, on opening; after that the player pans.
  const centred = useRef(false);

  // The zoom at which the smallest target reaches 44 px, measured from the view's width (and again
  // when it changes: a phone turned on its side).
  useLayoutEffect(() => {
    const element = view.current;
    if (!element) return;
    const measure = () => {
      const fitted = element.clientWidth / props.width;
      const needed = props.minTarget && fitted > 0 ? Math.min(MAX_ZOOM, Math.max(1, targetPx / (props.minTarget * fitted))) : 1;
      setLeast(needed);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [props.width, props.minTarget, targetPx]);

  // Once laid out at its opening zoom, the view scrolls the named centre to its middle.
  useLayoutEffect(() => {
    const element = view.current;
    const centre = props.centre;
    if (!element || !centre || centred.current || zoom !== null || least === 1) return;
    centred.current = true;
    const scale = (element.clientWidth * least) / props.width;
    element.scrollLeft = centre.x * scale - element.clientWidth / 2;
    element.scrollTop = centre.y * scale - seenHeight(element) / 2;
  }, [least, props.centre?.x, props.centre?.y]);

  /** Zooms about the view's centre, keeping what is there in the middle. */
  function zoomTo(next: number) {
    const element = view.current;
    const clamped = Math.min(MAX_ZOOM, Math.max(1, next));
    if (!element) return setZoom(clamped);
    const before = zoomNow.current;
    const cx = (element.scrollLeft + element.clientWidth / 2) / before;
    const cy = (element.scrollTop + element.clientHeight / 2) / before;
    setZoom(clamped);
    requestAnimationFrame(() => {
      element.scrollLeft = cx * clamped - element.clientWidth / 2;
      element.scrollTop = cy * clamped - element.clientHeight / 2;
    });
  }

  useEffect(() => {
    const element = view.current;
    if (!element) return;
    // Ctrl + wheel is also what a trackpad's pinch sends.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomTo(zoomNow.current * Math.exp(-event.deltaY / 300));
    };
    // Two fingers zoom (touch events, not pointer events: the browser cancels the pointers of a
    // touch it pans with). One finger is left to the browser, which pans.
    const distance = (touches: TouchList) => Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length === 2) pinch.current = { start: distance(event.touches), zoom: zoomNow.current };
    };
    const onTouchMove = (event: TouchEvent) => {
      if (event.touches.length !== 2 || !pinch.current || pinch.current.start === 0) return;
      event.preventDefault();
      zoomTo(pinch.current.zoom * (distance(event.touches) / pinch.current.start));
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch.current = null;
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('touchcancel', onTouchEnd);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchEnd);
    };
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    // Only keys meant for the view itself, not for a space or square inside it.
    if (event.target !== view.current) return;
    if (event.key === '+' || event.key === '=') zoomTo(zoomNow.current * 1.25);
    else if (event.key === '-') zoomTo(zoomNow.current / 1.25);
    else if (event.key === '0') zoomTo(least);
    else return;
    event.preventDefault();
  }

  const shown = zoom ?? least;
  return (
    <div class={`zoomable${props.class ? ` ${props.class}` : ''}`}>
      <div class="zoom-controls">
        <button type="button" aria-label={`Zoom out ${props.label}`} disabled={shown <= 1} onClick={() => zoomTo(shown / 1.25)}>
          −
        </button>
        <button type="button" aria-label={`Zoom in ${props.label}`} disabled={shown >= MAX_ZOOM} onClick={() => zoomTo(shown * 1.25)}>
          +
        </button>
        <button type="button" aria-label={`Fit ${props.label} to the width`} disabled={shown === 1} onClick={() => zoomTo(1)}>
          Fit
        </button>
        <span class="zoom-level" aria-live="polite">
          {Math.round(shown * 100)}%
        </span>
      </div>
      <div
        ref={view}
        class={`zoom-view${props.drawing ? ' drawing' : ''}`}
        tabindex={0}
        role="region"
        aria-label={`${props.label}: scroll to pan; + and − zoom`}
        onKeyDown={onKeyDown}
      >
        <div class="zoom-content" style={{ width: `${shown * 100}%` }}>
          {props.children}
        </div>
      </div>
    </div>
  );
}

/** How much of the view is on screen now, above the action bar that sticks to a phone's foot. */
function seenHeight(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  const bar = document.querySelector('.action-bar');
  const floor = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().top : innerHeight;
  const seen = Math.min(box.bottom, floor) - Math.max(box.top, 0);
  // Scrolled out of sight: centre in the whole view, as it will be seen once scrolled to.
  return seen > TAP ? seen : element.clientHeight;
}
