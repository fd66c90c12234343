import { Box, Group, Loader, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Transcript, TranscriptEntry } from '../session/transcript';
import classes from './transcript-view.module.css';
import { ExternalAnchor } from '../../../app/external-anchor';

interface TranscriptViewProps {
  transcript: Transcript;
  agentName: string;
  /** Shows a typing indicator under the last line while the agent works on its answer. */
  agentThinking: boolean;
  /** What to show before anything was said. */
  emptyText: string;
  height: number | string;
}

function Line({ entry, agentName }: { entry: TranscriptEntry; agentName: string }) {
  switch (entry.kind) {
    case 'user':
      return (
        <Box className={classes.row} data-side="user">
          <Box
            className={classes.bubble}
            data-side="user"
            data-interim={!entry.final && entry.via === 'voice'}
          >
            <Text component="span" className={classes.speaker}>
              You
            </Text>
            {entry.text}
          </Box>
        </Box>
      );
    case 'agent':
      return (
        <Box className={classes.row} data-side="agent">
          <Box className={classes.bubble} data-side="agent">
            <Text component="span" className={classes.speaker}>
              {agentName}
            </Text>
            {entry.text}
          </Box>
        </Box>
      );
    case 'tool':
      return (
        <Box className={classes.row} data-side="agent">
          <Box className={classes.toolLine}>
            <Group
              gap={6}
              className={classes.tool}
              data-ok={entry.ok}
              title={entry.name}
              data-testid="tool-chip"
            >
              {entry.ok ? (
                <IconCircleCheck size={15} aria-hidden />
              ) : (
                <IconAlertTriangle size={15} aria-hidden />
              )}
              <Text component="span" size="xs" fw={500} lineClamp={2}>
                {entry.sources?.length
                  ? 'Answered from the knowledge base'
                  : entry.ok
                    ? entry.summary
                    : `Could not complete: ${entry.summary}`}
              </Text>
            </Group>
            {entry.sources?.length ? <Sources sources={entry.sources} /> : null}
          </Box>
        </Box>
      );
    case 'notice':
      return (
        <Text size="xs" c="dimmed" ta="center" className={classes.notice}>
          {entry.text}
        </Text>
      );
  }
}

/** The pages an answer came from, as links that open in a new tab. */
function Sources({ sources }: { sources: readonly { title: string; url: string }[] }) {
  return (
    <Group gap={6} className={classes.sources} data-testid="sources" wrap="wrap">
      <Text component="span" size="xs" c="dimmed">
        {sources.length === 1 ? 'Source:' : 'Sources:'}
      </Text>
      {sources.map((source) => (
        <ExternalAnchor key={source.url} href={source.url} size="xs">
          {source.title}
        </ExternalAnchor>
      ))}
    </Group>
  );
}

/** The conversation so far, newest at the bottom, announced to screen readers as it grows. */
export function TranscriptView({
  transcript,
  agentName,
  agentThinking,
  emptyText,
  height,
}: TranscriptViewProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const last = transcript.at(-1);
  const lastText = last && 'text' in last ? last.text : '';

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTo({ top: element.scrollHeight });
  }, [transcript.length, lastText, agentThinking]);

  return (
    <ScrollArea h={height} viewportRef={viewport} className={classes.frame} type="auto" offsetScrollbars>
      <Box role="log" aria-live="polite" aria-label="Conversation" className={classes.lines}>
        {transcript.length === 0 && !agentThinking && (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {emptyText}
          </Text>
        )}
        {transcript.map((entry) => (
          <Line key={entry.id} entry={entry} agentName={agentName} />
        ))}
        {agentThinking && (
          <Box className={classes.row} data-side="agent">
            <Box className={classes.bubble} data-side="agent">
              <Loader type="dots" size="sm" aria-hidden />
              <VisuallyHidden>{agentName} is thinking</VisuallyHidden>
            </Box>
          </Box>
        )}
      </Box>
    </ScrollArea>
  );
}
