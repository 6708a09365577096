import { IconSelector } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { preloadWhenIdle } from '../../../lib/lazy-ready';
import classes from './tasks.module.css';

/** What the real Select needs to show up named, focused and open in the button's place. */
export interface OpenSelectProps {
  'aria-label': string;
  w: number | string | undefined;
  autoFocus: true;
  defaultDropdownOpened: true;
  onDropdownClose: () => void;
}

export interface DeferredSelectProps {
  /** The picker's accessible name, e.g. 'Status of Write the docs'. */
  label: string;
  /** What the closed picker shows: the chosen value, with its icon or avatar. */
  display: ReactNode;
  width?: number | string;
  /** The open Select's width where the closed one is narrower (an icon or an avatar alone). */
  openWidth?: number | string;
  /** Shown on hover: the value's name where the closed picker shows only its icon. */
  title?: string;
  /** The real Select, drawn only while open. */
  children: (props: OpenSelectProps) => ReactNode;
  /** Fetches the real Select's code (a chunk of its own): once the page is idle, or when reached. */
  preload?: () => Promise<unknown>;
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * A select that costs one button until someone opens it. Lists and boards show many pickers at
 * once (two per row); a full Select each made long lists and cold boards slow to draw. Opening it
 * (click, Enter, Space, arrows) swaps in the real Select, already open; closing swaps back.
 */
export function DeferredSelect({
  label,
  display,
  width,
  openWidth,
  title,
  children,
  preload,
}: DeferredSelectProps) {
  const [active, setActive] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (preload) preloadWhenIdle(preload);
  }, [preload]);

  useEffect(() => {
    if (active || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [active]);

  // Reached by pointer or keyboard: the Select's code is likely wanted next.
  const fetchCode = () => void preload?.().catch(() => {});
  const closed = (
    // A plain button (styled as Mantine's UnstyledButton by the module): lists and boards draw many.
    <button
      type="button"
      ref={trigger}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-label={label}
      title={title}
      style={width === undefined ? undefined : { width }}
      className={classes.trigger}
      onClick={() => setActive(true)}
      onPointerEnter={fetchCode}
      onFocus={fetchCode}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setActive(true);
      }}
    >
      <span className={classes.triggerValue}>{display}</span>
      <IconSelector size={14} stroke={1.6} className={classes.triggerChevron} aria-hidden />
    </button>
  );

  if (active) {
    const select = children({
      'aria-label': label,
      w: openWidth ?? width,
      autoFocus: true,
      defaultDropdownOpened: true,
      onDropdownClose: () => {
        // Back to the button; keyboard users keep their place (a click elsewhere moved focus already).
        refocus.current = document.activeElement instanceof HTMLInputElement;
        setActive(false);
      },
    });
    // Until the Select's code has arrived (reached before the idle fetch), the closed picker stays.
    return <Suspense fallback={closed}>{select}</Suspense>;
  }

  return closed;
}
