import { Button, Menu, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

export interface AddMenuItem {
  key: string;
  title: string;
  description: string;
  onSelect: () => void;
}

/** The "Add …" button of an editor section and the list it opens; disabled when there is nothing to add. */
export function AddMenu({ label, items }: { label: string; items: readonly AddMenuItem[] }) {
  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={items.length === 0}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.key} onClick={item.onSelect}>
            <Text size="sm" fw={500}>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {item.description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
