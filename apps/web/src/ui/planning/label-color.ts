import { LABEL_COLORS, type LabelColor } from '@figgle/shared/planning-schemas';
import { t } from '../../lib/i18n/i18n';

/** Gray is kept for labels people colour on purpose: a new label gets the least used bright colour. */
export function nextLabelColor(labels: ReadonlyArray<{ color: string }>): LabelColor {
  const bright = LABEL_COLORS.filter((color) => color !== 'gray');
  const uses = (color: string) => labels.filter((label) => label.color === color).length;
  return bright.reduce((best, color) => (uses(color) < uses(best) ? color : best), bright[0]!);
}

/** 'red' → 'Red', for the colour pickers, in the reader's language. */
export function colorName(color: string): string {
  const names: Record<LabelColor, string> = {
    gray: t('ui.colorGray'),
    red: t('ui.colorRed'),
    orange: t('ui.colorOrange'),
    yellow: t('ui.colorYellow'),
    lime: t('ui.colorLime'),
    green: t('ui.colorGreen'),
    teal: t('ui.colorTeal'),
    cyan: t('ui.colorCyan'),
    blue: t('ui.colorBlue'),
    indigo: t('ui.colorIndigo'),
    violet: t('ui.colorViolet'),
    grape: t('ui.colorGrape'),
    pink: t('ui.colorPink'),
  };
  return names[color as LabelColor] ?? color.charAt(0).toUpperCase() + color.slice(1);
}
