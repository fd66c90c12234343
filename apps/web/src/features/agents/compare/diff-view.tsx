import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { diffLines, diffStats, sideBySide, type DiffLine } from '@switchboard/core';
import { useMemo } from 'react';
import classes from './diff-view.module.css';

function Cell({ line, side }: { line: DiffLine | null; side: 'left' | 'right' }) {
  const number = line ? (side === 'left' ? line.oldLine : line.newLine) : undefined;
  const kind = line?.kind ?? 'empty';
  return (
    <>
      <Table.Td className={classes.number} data-kind={kind}>
        {number ?? ''}
      </Table.Td>
      <Table.Td className={classes.code} data-kind={kind}>
        {line ? (
          <>
            <span className={classes.marker} aria-hidden>
              {kind === 'added' ? '+' : kind === 'removed' ? '−' : ' '}
            </span>
            {kind === 'added' && <span className={classes.srOnly}>added: </span>}
            {kind === 'removed' && <span className={classes.srOnly}>removed: </span>}
            {line.text || ' '}
          </>
        ) : null}
      </Table.Td>
    </>
  );
}

/** Two texts side by side with removed lines red on the left and added lines green on the right. */
export function DiffView({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const lines = useMemo(() => diffLines(before, after), [before, after]);
  const rows = useMemo(() => sideBySide(lines), [lines]);
  const stats = diffStats(lines);
  return (
    <>
      <Group gap="xs" mb="sm">
        <Badge color="teal" variant="light">
          +{stats.added}
        </Badge>
        <Badge color="red" variant="light">
          −{stats.removed}
        </Badge>
        <Text size="sm" c="dimmed">
          {stats.added + stats.removed === 0 ? 'No differences' : 'lines changed'}
        </Text>
      </Group>
      <ScrollArea.Autosize mah="70vh" type="auto" className={classes.frame}>
        <Table
          className={classes.table}
          withColumnBorders
          verticalSpacing={0}
          horizontalSpacing={0}
          data-testid="diff-table"
        >
          <colgroup>
            <col className={classes.numberColumn} />
            <col />
            <col className={classes.numberColumn} />
            <col />
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              <Table.Th colSpan={2} className={classes.heading}>
                {beforeLabel}
              </Table.Th>
              <Table.Th colSpan={2} className={classes.heading}>
                {afterLabel}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                <Cell line={row.left} side="left" />
                <Cell line={row.right} side="right" />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}
