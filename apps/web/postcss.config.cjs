// Keep these in step with `breakpoints` in src/app/theme.ts (the spec's 550, 768, 1024, 1280 and 1536 px).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '34.375em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '64em',
        'mantine-breakpoint-lg': '80em',
        'mantine-breakpoint-xl': '96em',
        'mantine-breakpoint-xxl': '114.75em',
      },
    },
  },
};
