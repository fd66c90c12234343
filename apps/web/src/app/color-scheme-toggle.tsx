import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { ComponentType, ReactElement } from 'react';

interface ColorSchemeToggleProps {
  /**
   * Shows the label on hover (the workspace passes Mantine's Tooltip); without it the browser's title does. Not
   * imported here, so the sign-in page does not load the tooltip's positioning library.
   */
  hint?: ComponentType<{ label: string; children: ReactElement }>;
}

/** Switches the app between light and dark; the choice is stored under `theme`. */
export function ColorSchemeToggle({ hint: Hint }: ColorSchemeToggleProps) {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light');
  const next = current === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;

  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={Hint ? undefined : label}
      onClick={() => {
        setColorScheme(next);
      }}
    >
      {current === 'dark' ? <IconSun size={18} stroke={1.7} /> : <IconMoon size={18} stroke={1.7} />}
    </ActionIcon>
  );
  return Hint ? <Hint label={label}>{button}</Hint> : button;
}
