import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints, realtimeEventSchema, realtimePath, type RealtimeEvent } from '@switchboard/contract';
import { apiQueryScope } from '../../lib/use-api';
import { readSessionToken } from '../../lib/session';

export type RealtimeStatus = 'connecting' | 'live' | 'offline';

const inboxLists = [
  endpoints.conversations,
  endpoints.agentConversations,
  endpoints.activity,
  endpoints.activityAgent,
  endpoints.notifications,
];

/**
 * Keeps the inbox live: opens /api/realtime for the account, reconnects with backoff, and refreshes what an event
 * touches (the room lists, the open thread, the unread counts). `onEvent` sees every event first.
 */
export function useRealtime(accountId: number, onEvent?: (event: RealtimeEvent) => void): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const refresh = (event: RealtimeEvent) => {
      // A contact saved or deleted changes the name its rooms show: refetched like a room change.
      const contactOfRoom = event.type === 'event' && event.kind === 'contact';
      if (event.type === 'pong' || (event.type === 'event' && !contactOfRoom) || event.type === 'activity') {
        if (event.type === 'activity') {
          void queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.activity) });
          void queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoints.activityAgent) });
        }
        return;
      }
      for (const endpoint of inboxLists)
        void queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) });
      const roomId =
        event.type === 'message' || event.type === 'room'
          ? event.roomId
          : event.type === 'event'
            ? String(event.ids.roomId)
            : null;
      if (roomId !== null) {
        void queryClient.invalidateQueries({
          queryKey: apiQueryScope(endpoints.conversation),
          predicate: (query) => JSON.stringify(query.queryKey).includes(`"roomId":"${roomId}"`),
        });
      }
    };

    const open = () => {
      const token = readSessionToken();
      if (!token || stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const url = `${scheme}//${window.location.host}${realtimePath}?token=${encodeURIComponent(token)}&targetAccountId=${accountId}`;
      socket = new WebSocket(url);
      setStatus('connecting');
      socket.onopen = () => {
        attempt = 0;
        setStatus('live');
      };
      socket.onmessage = (message) => {
        const parsed = realtimeEventSchema.safeParse(JSON.parse(String(message.data)));
        if (!parsed.success) return;
        onEvent?.(parsed.data);
        refresh(parsed.data);
      };
      socket.onclose = () => {
        setStatus('offline');
        if (stopped) return;
        attempt += 1;
        retry = setTimeout(open, Math.min(1000 * 2 ** (attempt - 1), 15_000));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
    // onEvent is read through the latest render's closure on purpose; reconnecting on every render would churn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId, queryClient]);

  return status;
}
