/** TanStack Query keys of the chats module (one place, so live updates and invalidation agree). */
export const chatKeys = {
  all: ['chats'] as const,
  list: () => ['chats', 'list'] as const,
  messagesAll: () => ['chats', 'messages'] as const,
  messages: (chatId: string) => ['chats', 'messages', chatId] as const,
  trip: (tripId: string) => ['chats', 'trip', tripId] as const,
};

export const CHATS_PATH = '/users/chats';
export const messagesPath = (chatId: string): string => `/users/messages/${encodeURIComponent(chatId)}`;
export const directMessagePath = (userId: string): string =>
  `/users/messages/direct/${encodeURIComponent(userId)}`;
export const tripChatPath = (tripId: string): string => `/core/trips/${encodeURIComponent(tripId)}/chat`;
export const tripMessagePath = (tripId: string): string => `${tripChatPath(tripId)}/messages`;
