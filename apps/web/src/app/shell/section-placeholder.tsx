import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** A section of the workspace whose screens are not part of this version yet, said plainly. */
export function SectionPlaceholder({
  title,
  description,
  icon: SectionIcon,
}: {
  title: string;
  description: string;
  icon: Icon;
}) {
  return (
    <Card withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light">
          <SectionIcon size={24} stroke={1.7} />
        </ThemeIcon>
        <Title order={1} fz="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
        <Text c="dimmed" size="xs">
          This section is not available in this version yet.
        </Text>
      </Stack>
    </Card>
  );
}
