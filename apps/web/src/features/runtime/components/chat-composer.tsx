import { ActionIcon, Group, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';

interface ChatComposerProps {
  onSend: (text: string) => boolean;
  disabled: boolean;
  placeholder?: string;
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ onSend, disabled, placeholder = 'Type a message…' }: ChatComposerProps) {
  const [text, setText] = useState('');
  const canSend = !disabled && text.trim() !== '';
  const send = () => {
    if (canSend && onSend(text)) setText('');
  };
  return (
    <Group
      component="form"
      gap="xs"
      align="flex-end"
      wrap="nowrap"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Textarea
        aria-label="Message"
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={4000}
        disabled={disabled}
        style={{ flex: 1 }}
        radius="lg"
      />
      <Tooltip label="Send">
        <ActionIcon type="submit" size={36} radius="xl" aria-label="Send message" disabled={!canSend}>
          <IconSend size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
