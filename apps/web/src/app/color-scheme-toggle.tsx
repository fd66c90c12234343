import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches the app between light and dark; the choice is stored under `theme`. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light');
  const next = current === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;

  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={label}
        onClick={() => {
          setColorScheme(next);
        }}
      >
        {current === 'dark' ? <IconSun size={18} stroke={1.7} /> : <IconMoon size={18} stroke={1.7} />}
      </ActionIcon>
    </Tooltip>
  );
}
