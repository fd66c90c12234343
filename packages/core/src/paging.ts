/** Paging and list limits the web client and the server share (spec part 1 §5 and §9). */
export const paging = {
  firstPage: 0,
  pageSize: 20,
  /** Agent accounts of an organization load in pages of this size. */
  orgAccountsPageSize: 20,
  /** The first agent accounts kept as favourites. */
  favouriteAccounts: 5,
  /** Conversations kept in the client cache per account and inbox tab. */
  cachedConversations: 100,
  tasksPageSize: 10,
} as const;

/** Pages needed for `total` items: the room count divided by the page size, rounded up. */
export function pageCount(total: number, pageSize: number = paging.pageSize): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}
