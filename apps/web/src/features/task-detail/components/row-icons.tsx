/**
 * The icons a sub-task or relation row repeats: Tabler's grip-vertical, calendar-due and x (MIT), each
 * drawn as one path instead of one per stroke. The strokes are the same, so they look the same, but a
 * hundred rows had some 1,300 SVG elements of icons to create, style and paint (the grip alone is six
 * circles); as one path each, 300 (docs/machinery/task-page-load.md, eighth step).
 */
const GRIP =
  'M8 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M8 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M8 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0' +
  'M14 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M14 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M14 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0';
const CALENDAR_DUE =
  'M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2l0 -12' +
  'M16 3v4M8 3v4M4 11h16M11 16a1 1 0 1 0 2 0a1 1 0 1 0 -2 0';
const CROSS = 'M18 6l-12 12M6 6l12 12';

function RowIcon({ path, stroke = 2 }: { path: string; stroke?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={path} />
    </svg>
  );
}

export const GripIcon = () => <RowIcon path={GRIP} />;
export const CalendarDueIcon = () => <RowIcon path={CALENDAR_DUE} stroke={1.8} />;
export const CrossIcon = () => <RowIcon path={CROSS} />;
