import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './tooltip.module.css';
import { useDismiss } from './use-dismiss';

/** A hoverable tooltip closes this long after the pointer leaves (travel-flow section 9). */
export const TOOLTIP_CLOSE_AFTER_MS = 3000;

/**
 * A tooltip (a "toggletip"): its button toggles the text on click or Enter and Escape closes it; a
 * hoverable one also opens on hover and closes 3 s after the pointer leaves (travel-flow section 2,
 * Shared shell). The text is announced when it opens.
 */
export function Tooltip({
  label,
  children,
  hoverable = false,
}: {
  label: string;
  children: ReactNode;
  hoverable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef(0);
  // A click on a tooltip the pointer has just opened keeps it open rather than closing it at once.
  const openedByHover = useRef(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const id = useId();

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useDismiss(open, () => setOpen(false), wrapper);

  const hover = hoverable
    ? {
        onPointerEnter: () => {
          window.clearTimeout(closeTimer.current);
          openedByHover.current = !open;
          setOpen(true);
        },
        onPointerLeave: () => {
          window.clearTimeout(closeTimer.current);
          closeTimer.current = window.setTimeout(() => setOpen(false), TOOLTIP_CLOSE_AFTER_MS);
        },
      }
    : {};

  return (
    <span className={styles.tooltip} ref={wrapper} {...hover}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          window.clearTimeout(closeTimer.current);
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((value) => !value);
        }}
      >
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">{label}</span>
      </button>
      <span id={id} role="status" className={open ? styles.bubble : 'visually-hidden'}>
        {open ? children : null}
      </span>
    </span>
  );
}
