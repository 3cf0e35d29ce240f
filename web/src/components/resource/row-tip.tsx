// One tooltip for every row button (RowIconButton) on the screen, instead of a Mantine Tooltip per
// button: a list of ten rows had thirty of them, each a portal, a transition and floating-position
// hooks rendered (and re-rendered) with the rows, about a third of a list page's rendering (issue
// 15). The buttons carry their label in `data-row-tip`; this listens once, on the document, and
// shows the label above (or below, near the top) the button pointed at or focused.
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
    const leave = (e: Event) => {
      if (!current) return;
      const to = (e as FocusEvent | MouseEvent).relatedTarget;
      if (to instanceof Node && current.contains(to)) return;
      current = null;
      setTip(null);
    };
    // A click (often a navigation that removes the button), a scroll (the position goes stale) or
    // Escape puts the tip away.
    const drop = () => {
      current = null;
      setTip(null);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') drop();
    };
    document.addEventListener('mouseover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('mouseout', leave);
    document.addEventListener('focusout', leave);
    document.addEventListener('click', drop, true);
    document.addEventListener('keydown', onEscape);
    window.addEventListener('scroll', drop, true);
    return () => {
      document.removeEventListener('mouseover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('mouseout', leave);
      document.removeEventListener('focusout', leave);
      document.removeEventListener('click', drop, true);
      document.removeEventListener('keydown', onEscape);
      window.removeEventListener('scroll', drop, true);
    };
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
