import type { MarkedText as MarkedTextValue } from '@figgle/shared/search-schemas';
import { markSegments } from './mark-segments';
import classes from './search.module.css';

/**
 * A text from the server with its matching parts in <mark>. Built from the text and the offsets only,
 * as React text nodes: whatever the text holds is shown as text, never read as HTML.
 */
export function MarkedText({ value }: { value: MarkedTextValue }) {
  return (
    <>
      {markSegments(value).map((segment, index) =>
        segment.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text never move.
          <mark key={index} className={classes.mark}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
