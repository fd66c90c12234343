import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconBook, IconHelp, IconHelpCircle, IconInfoSquareRounded, IconMail } from '@tabler/icons-react';
import { useOverlay } from '../../app/overlays/use-overlay';
import { openExternalUrl } from '../../lib/open-external-url';
import { useBrand } from '../domains';
import { helpMenuEntries, helpTarget } from './help-target';

const icons = {
  help: IconHelpCircle,
  docsPage: IconBook,
  form: IconMail,
  info: IconInfoSquareRounded,
} as const;

/**
 * The header's help button: the product's help menu (help center, docs, contact support, about), or on a
 * white-label host with a support URL that page in a new tab.
 */
export function HelpButton() {
  const { profile } = useBrand();
  const { open } = useOverlay();
  const target = helpTarget(profile);
  const button = (onClick?: () => void) => (
    <ActionIcon variant="default" size="lg" radius="md" aria-label="Help" onClick={onClick}>
      <IconHelp size={18} stroke={1.7} />
    </ActionIcon>
  );
  if (target.kind === 'supportUrl') {
    return (
      <Tooltip label={`${profile.name} support`}>
        {button(() => {
          openExternalUrl(target.url);
        })}
      </Tooltip>
    );
  }
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>
        {helpMenuEntries.map((entry) => {
          const Icon = icons[entry.flag];
          return (
            <Menu.Item
              key={entry.flag}
              leftSection={<Icon size={18} stroke={1.7} />}
              onClick={() => {
                open(entry.flag);
              }}
            >
              <Text size="sm">{entry.label}</Text>
              <Text size="xs" c="dimmed">
                {entry.description}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
