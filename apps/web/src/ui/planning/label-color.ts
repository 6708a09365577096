import { LABEL_COLORS, type LabelColor } from '@figgle/shared/planning-schemas';

/** Gray is kept for labels people colour on purpose: a new label gets the least used bright colour. */
export function nextLabelColor(labels: ReadonlyArray<{ color: string }>): LabelColor {
  const bright = LABEL_COLORS.filter((color) => color !== 'gray');
  const uses = (color: string) => labels.filter((label) => label.color === color).length;
  return bright.reduce((best, color) => (uses(color) < uses(best) ? color : best), bright[0]!);
}

/** 'red' → 'Red', for the colour pickers. */
export function colorName(color: string): string {
  return color.charAt(0).toUpperCase() + color.slice(1);
}
