/**
 * What the offline write queue needs from the app (decision 016), kept apart from the queue so
 * that the first download only carries this setter: whose writes they are, and what to do once a
 * replay round applied or dropped writes (refetch). The queue itself loads with the screens that
 * write.
 */
export interface OfflineQueueConfig {
  currentUser: () => string | null;
  onSettled: (outcome: { dropped: number }) => void;
}

let config: OfflineQueueConfig = { currentUser: () => null, onSettled: () => undefined };

export function configureOfflineQueue(next: Partial<OfflineQueueConfig>): void {
  config = { ...config, ...next };
}

export const offlineQueueConfig = (): OfflineQueueConfig => config;
