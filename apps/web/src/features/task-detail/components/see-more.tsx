import { LONG_CONTENT_THRESHOLD_PX } from '@figgle/shared/constants';
import { Box, Button } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import classes from './task-detail.module.css';

/** Content taller than 200 px is cut with a See more control (docs/product.md#task-page). */
export function SeeMore({ children }: { children: ReactNode }) {
  const inner = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();

  useEffect(() => {
    const element = inner.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setTall(element.offsetHeight > LONG_CONTENT_THRESHOLD_PX));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const clamped = tall && !open;
  return (
    <div>
      <Box
        id={id}
        className={clamped ? classes.clamped : undefined}
        style={clamped ? { maxHeight: LONG_CONTENT_THRESHOLD_PX } : undefined}
      >
        <div ref={inner}>{children}</div>
      </Box>
      {tall ? (
        <Button
          variant="subtle"
          size="compact-xs"
          mt={4}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('task-detail.seeLess') : t('task-detail.seeMore')}
        </Button>
      ) : null}
    </div>
  );
}
