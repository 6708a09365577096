import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { t } from '../lib/i18n/i18n';

/** A calm indigo: strong enough for primary actions, quiet enough for a tool used all day. */
const figgle: MantineColorsTuple = [
  '#eef0fd',
  '#dde0f8',
  '#b9bff0',
  '#939be7',
  '#747ee0',
  '#636cdb',
  '#5862d6',
  '#4951bf',
  '#3f48aa',
  '#343c95',
];

/** Neutral greys with a hint of blue, from text (0) down to the page background (7) and below. */
const dark: MantineColorsTuple = [
  '#d9dbe1',
  '#b4b7c1',
  '#8b8f9c',
  '#61646f',
  '#3d3f47',
  '#2c2e34',
  '#222328',
  '#18191d',
  '#121316',
  '#0c0d0f',
];

const systemFonts =
  'Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'figgle',
  // Dark uses shade 6 too: white labels on shade 5 read at 4.47:1, under WCAG AA's 4.5:1.
  primaryShade: { light: 6, dark: 6 },
  colors: { figgle, dark },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { fw: 550 } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // Every dialog of the app stands in the middle of the screen.
    Modal: { defaultProps: { centered: true } },
    // Mantine's close button is an icon only: without a name screen readers announce just 'button'.
    // A getter: the theme is made when the module loads, before the catalogue; Mantine reads it at render.
    ModalCloseButton: {
      defaultProps: {
        get 'aria-label'() {
          return t('common.close');
        },
      },
    },
  },
});
