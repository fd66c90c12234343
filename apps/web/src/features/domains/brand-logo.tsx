import { Box, Group, Skeleton, Text, ThemeIcon, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrand } from './use-brand';

interface BrandLogoProps {
  size: number;
  /** The product's own mark, shown on its own hosts and on white-label hosts without a logo. */
  ownMark: ReactNode;
  /** From which screen width the name shows beside the mark (always, when not given). */
  nameVisibleFrom?: MantineBreakpoint;
}

/**
 * The brand of the host: its logo (or initial) and name on a white-label host, the product's own mark on the
 * product's hosts; a placeholder until the brand is known, so a white-label page never flashes the product's name.
 */
export function BrandLogo({ size, ownMark, nameVisibleFrom }: BrandLogoProps) {
  const { profile, pending } = useBrand();
  if (pending) return <Skeleton height={size} width={size * 5} radius="sm" aria-hidden="true" />;
  return (
    <Group gap={10} wrap="nowrap">
      {profile.details.image ? (
        <Box
          component="img"
          src={profile.details.image}
          alt=""
          h={size}
          maw={size * 4}
          style={{ objectFit: 'contain', display: 'block' }}
        />
      ) : profile.ownHost ? (
        ownMark
      ) : (
        <ThemeIcon size={size} radius="md" color="brand" aria-hidden="true">
          <Text component="span" fw={700} fz={size * 0.55} c="white" lh={1}>
            {profile.name.slice(0, 1).toUpperCase()}
          </Text>
        </ThemeIcon>
      )}
      <Text
        component="span"
        fw={700}
        fz={size * 0.62}
        lh={1}
        style={{ letterSpacing: '-0.01em' }}
        truncate
        visibleFrom={nameVisibleFrom}
      >
        {profile.name}
      </Text>
    </Group>
  );
}
