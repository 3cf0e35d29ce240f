// One tooltip for every row button (RowIconButton) on the screen, instead of a Mantine Tooltip per
// button: a list of ten rows had thirty of them, each a portal, a transition and floating-position
// hooks rendered (and re-rendered) with the rows, about a third of a list page's rendering (issue
// 15). The buttons carry their label in `data-row-tip`; this listens once, on the document, and
// shows the label above (or below, near the top) the button pointed at or focused. The other icon
// buttons of a screen use it too (the header's, the column chooser, an action's icon button): a
// Mantine Tooltip costs about a millisecond of rendering each, closed.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

export const ROW_TIP = 'data-row-tip';

type Tip = { label: string; x: number; y: number; below: boolean };

/** Room above a button for its tip; nearer the top of the window, the tip goes below it. */
const ROOM_ABOVE = 40;

function tipFor(el: Element): Tip {
  const r = el.getBoundingClientRect();
  const below = r.top < ROOM_ABOVE;
  return {
    label: el.getAttribute(ROW_TIP) ?? '',
    x: r.left + r.width / 2,
    y: below ? r.bottom + 6 : r.top - 6,
    below,
  };
}

/** Mounted once by the signed-in layout (app/layout/providers.tsx). */
export function RowTips() {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    let current: Element | null = null;
    const show = (e: Event) => {
      const el = e.target instanceof Element ? e.target.closest(`[${ROW_TIP}]`) : null;
      if (!el || el === current) return;
      current = el;
      setTip(tipFor(el));
    };
    // A click (often a navigation that removes the button), a scroll (the position goes stale) or
    // Escape puts the tip away.
    const drop = () => {
      current = null;
      setTip(null);
    };
    const leave = (e: Event) => {
      const to = (e as FocusEvent | MouseEvent).relatedTarget;
      if (current && !(to instanceof Node && current.contains(to))) drop();
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') drop();
    };
    // One signal removes every listener at unmount.
    const off = new AbortController();
    const on = { signal: off.signal };
    const capture = { signal: off.signal, capture: true };
    document.addEventListener('mouseover', show, on);
    document.addEventListener('focusin', show, on);
    document.addEventListener('mouseout', leave, on);
    document.addEventListener('focusout', leave, on);
    document.addEventListener('click', drop, capture);
    document.addEventListener('keydown', onEscape, on);
    window.addEventListener('scroll', drop, capture);
    return () => off.abort();
  }, []);
  if (!tip) return null;
  // The button's accessible name already holds the label: the tip is for the eye only.
  return createPortal(
    <div
      className="lbo-row-tip"
      data-below={tip.below || undefined}
      style={{ left: tip.x, top: tip.y }}
      aria-hidden
    >
      {tip.label}
    </div>,
    document.body,
  );
}
