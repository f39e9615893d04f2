import type { CrewRequestRow } from './crew.table.ts';

/** What someone may do with a pending crew request. */
export type CrewRequestAction = 'approve' | 'decline';

/**
 * Only the receiver approves; the receiver declines and the sender withdraws (both 'decline').
 * Anyone else may do nothing, and is told the request does not exist (no existence leak).
 */
export function canActOnRequest(
  request: Pick<CrewRequestRow, 'fromUserId' | 'toUserId'>,
  userId: string,
  action: CrewRequestAction,
): boolean {
  if (action === 'approve') return request.toUserId === userId;
  return request.toUserId === userId || request.fromUserId === userId;
}
