import { Tooltip } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react';

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  ref?: React.Ref<HTMLElement>;
};

export interface DeferredTooltipProps {
  label: string;
  children: ReactElement<TriggerProps>;
}

/**
 * A Mantine tooltip that costs nothing until the pointer or the focus first reaches its target.
 * Each Tooltip sets up floating-ui on mount; fifty of them (one star per project row) took a few
 * hundred milliseconds of a cold /projects load. Focus is kept on the target when the tooltip arms.
 */
export function DeferredTooltip({ label, children }: DeferredTooltipProps) {
  const [armedBy, setArmedBy] = useState<'pointer' | 'focus' | null>(null);
  const target = useRef<HTMLElement | null>(null);

  useEffect(() => {
    // Arming remounts the target inside the tooltip: give the focus back to the new element.
    if (armedBy === 'focus') target.current?.focus();
  }, [armedBy]);

  if (armedBy) {
    return (
      <Tooltip label={label} defaultOpened>
        {cloneElement(children, { ref: target })}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (event) => {
      children.props.onPointerEnter?.(event);
      setArmedBy('pointer');
    },
    onFocus: (event) => {
      children.props.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) setArmedBy('focus');
    },
  });
}
