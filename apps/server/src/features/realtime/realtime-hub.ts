import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { loadLiveRecords, unreadCountsOfMany } from '../inbox/conversations.service';

/** What a viewer's socket needs: a way to send, and whose events it may receive. */
export interface RealtimeViewer {
  /** The account the viewer acts for. */
  accountId: number;
  /** Set when that account is an organization: its agent accounts' events reach the viewer too. */
  organizationId: number | null;
  send(text: string): void;
}

interface Announcement {
  kind: string;
  accountId: number;
  organizationId: number | null;
  roomId?: string;
  id?: number;
  ids?: Record<string, string | number>;
}

function parseAnnouncement(payload: string): Announcement | null {
  try {
    const value = JSON.parse(payload) as Partial<Announcement>;
    if (typeof value.kind !== 'string' || typeof value.accountId !== 'number') return null;
    return {
      kind: value.kind,
      accountId: value.accountId,
      organizationId: typeof value.organizationId === 'number' ? value.organizationId : null,
      ...(typeof value.roomId === 'string' ? { roomId: value.roomId } : {}),
      ...(typeof value.id === 'number' ? { id: value.id } : {}),
      ...(value.ids && typeof value.ids === 'object' ? { ids: value.ids } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Turns the database's announcements (ids only) into events for the viewers connected to this process. Each
 * announcement is loaded once, whatever the number of viewers, and sent only to viewers of its account or of its
 * organization. Announcements are handled in batches, in order; unread counts are computed once per batch.
 */
export class RealtimeHub {
  private readonly byAccount = new Map<number, Set<RealtimeViewer>>();
  private readonly byOrganization = new Map<number, Set<RealtimeViewer>>();
  private queue: string[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get viewerCount(): number {
    let count = 0;
    for (const set of this.byAccount.values()) count += set.size;
    return count;
  }

  add(viewer: RealtimeViewer): void {
    addTo(this.byAccount, viewer.accountId, viewer);
    if (viewer.organizationId !== null) addTo(this.byOrganization, viewer.organizationId, viewer);
  }

  remove(viewer: RealtimeViewer): void {
    removeFrom(this.byAccount, viewer.accountId, viewer);
    if (viewer.organizationId !== null) removeFrom(this.byOrganization, viewer.organizationId, viewer);
  }

  /** Every viewer, e.g. to tell them to refetch after the listener reconnected. */
  broadcastToAll(event: RealtimeEvent | ((viewer: RealtimeViewer) => RealtimeEvent)): void {
    for (const set of this.byAccount.values()) {
      for (const viewer of set)
        viewer.send(JSON.stringify(typeof event === 'function' ? event(viewer) : event));
    }
  }

  enqueue(payload: string): void {
    this.queue.push(payload);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves once every announcement received so far has been delivered. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private audience(accountId: number, organizationId: number | null): RealtimeViewer[] {
    const viewers = new Set(this.byAccount.get(accountId));
    if (organizationId !== null)
      for (const viewer of this.byOrganization.get(organizationId) ?? []) viewers.add(viewer);
    return [...viewers];
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0).map(parseAnnouncement);
      const relevant = batch.filter(
        (item): item is Announcement =>
          item !== null && this.audience(item.accountId, item.organizationId).length > 0,
      );
      if (relevant.length === 0) continue;
      try {
        // One load for the whole batch: every message and room it names, each once.
        const records = await loadLiveRecords(this.db, {
          messages: relevant.flatMap((item) =>
            item.kind === 'message' && item.id !== undefined
              ? [{ accountId: item.accountId, id: item.id }]
              : [],
          ),
          rooms: relevant.flatMap((item) =>
            item.kind === 'room' && item.roomId !== undefined
              ? [{ accountId: item.accountId, roomId: item.roomId }]
              : [],
          ),
        });
        const activity = new Map<string, { accountId: number; organizationId: number | null }>();
        for (const item of relevant) {
          const event = toEvent(item, records);
          if (!event) continue;
          this.deliver(item.accountId, item.organizationId, JSON.stringify(event));
          if (item.kind === 'message' || item.kind === 'room') {
            activity.set(`${item.accountId}:${item.organizationId}`, item);
          }
        }
        await this.sendActivity([...activity.values()]);
      } catch (error) {
        this.logger.error({ err: error }, 'live updates could not be delivered');
      }
    }
  }

  private deliver(accountId: number, organizationId: number | null, text: string): void {
    for (const viewer of this.audience(accountId, organizationId)) viewer.send(text);
  }

  /** Unread counts for every account and organization a batch touched that has viewers here. */
  private async sendActivity(touched: { accountId: number; organizationId: number | null }[]): Promise<void> {
    const accountIds = [...new Set(touched.map((item) => item.accountId))].filter(
      (id) => (this.byAccount.get(id)?.size ?? 0) > 0,
    );
    const organizationIds = [
      ...new Set(touched.flatMap((item) => (item.organizationId === null ? [] : [item.organizationId]))),
    ].filter((id) => (this.byOrganization.get(id)?.size ?? 0) > 0);
    if (accountIds.length === 0 && organizationIds.length === 0) return;
    const counts = await unreadCountsOfMany(this.db, { accountIds, organizationIds });
    for (const [accountId, count] of counts.accounts) {
      const text = JSON.stringify({ type: 'activity', accountId, ...count } satisfies RealtimeEvent);
      for (const viewer of this.byAccount.get(accountId) ?? []) viewer.send(text);
    }
    for (const [organizationId, count] of counts.organizations) {
      const text = JSON.stringify({
        type: 'activity',
        accountId: organizationId,
        ...count,
      } satisfies RealtimeEvent);
      for (const viewer of this.byOrganization.get(organizationId) ?? []) viewer.send(text);
    }
  }
}

type LiveRecords = Awaited<ReturnType<typeof loadLiveRecords>>;

/** The event an announcement becomes; null when its record is gone or not the announced account's. */
function toEvent(item: Announcement, records: LiveRecords): RealtimeEvent | null {
  if (item.kind === 'message' && item.id !== undefined) {
    const message = records.messages.get(item.id);
    const room = message ? records.rooms.get(message.roomId) : undefined;
    if (!message || room?.accountId !== item.accountId) return null;
    return { type: 'message', accountId: item.accountId, roomId: room.roomId, message, room };
  }
  if (item.kind === 'room' && item.roomId !== undefined) {
    const room = records.rooms.get(item.roomId);
    if (room?.accountId !== item.accountId) return null;
    return { type: 'room', accountId: item.accountId, roomId: room.roomId, room };
  }
  if (item.kind === 'notification' && item.roomId !== undefined && item.id !== undefined) {
    return { type: 'notification', accountId: item.accountId, roomId: item.roomId, id: item.id };
  }
  if (['message', 'room', 'notification'].includes(item.kind)) return null;
  return { type: 'event', kind: item.kind, accountId: item.accountId, ids: item.ids ?? {} };
}

function addTo(map: Map<number, Set<RealtimeViewer>>, key: number, viewer: RealtimeViewer): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(viewer);
}

function removeFrom(map: Map<number, Set<RealtimeViewer>>, key: number, viewer: RealtimeViewer): void {
  const set = map.get(key);
  set?.delete(viewer);
  if (set?.size === 0) map.delete(key);
}
