import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dfe1fd',
  '#bcc0f8',
  '#979cf3',
  '#777def',
  '#6369ec',
  '#585eeb',
  '#484ed1',
  '#3f45bc',
  '#3339a6',
];

// Cool neutrals for the dark scheme; Mantine's stock dark palette reads slightly warm and flat.
const dark: MantineColorsTuple = [
  '#d5d7e0',
  '#b1b4c2',
  '#8d91a3',
  '#5f6376',
  '#3a3d4c',
  '#2b2e3a',
  '#20222c',
  '#181a22',
  '#121319',
  '#0c0d11',
];

// Emoji (reactions, messages) draw from the platform's colour emoji font; none ships with the app.
const emojiFonts =
  '"Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji", "Twemoji Mozilla"';

const systemFonts = `Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, ${emojiFonts}`;

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 5 gives white button labels 4.4:1 on the dark scheme; shade 6 reaches WCAG AA's 4.5:1.
  primaryShade: { light: 6, dark: 6 },
  colors: { brand, dark },
  autoContrast: true,
  fontFamily: systemFonts,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: systemFonts, fontWeight: '650', textWrap: 'balance' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // The spec's breakpoints (550, 768, 1024, 1280, 1536, 1836 px); postcss.config.cjs mirrors them.
  breakpoints: { xs: '34.375em', sm: '48em', md: '64em', lg: '80em', xl: '96em', xxl: '114.75em' },
  shadows: {
    xs: '0 1px 2px rgb(16 24 40 / 0.05)',
    sm: '0 1px 3px rgb(16 24 40 / 0.08), 0 1px 2px rgb(16 24 40 / 0.04)',
    md: '0 4px 12px -2px rgb(16 24 40 / 0.08), 0 2px 4px -2px rgb(16 24 40 / 0.04)',
    lg: '0 12px 24px -4px rgb(16 24 40 / 0.10), 0 4px 8px -4px rgb(16 24 40 / 0.04)',
    xl: '0 24px 48px -12px rgb(16 24 40 / 0.18)',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: {
      defaultProps: {
        radius: 'lg',
        centered: true,
        overlayProps: { backgroundOpacity: 0.4, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // Mantine's close button is an icon without a name of its own.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine renders a modal's or drawer's header as <header>: a second banner landmark beside the page's own
    // while it is open. Inside a dialog it is just the dialog's title bar.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});

/** Mantine's light `dimmed` (gray.6) is 3.3:1 on white; gray.7 meets WCAG AA on white and gray surfaces. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
