/** Test fixtures of the chats module. */
import type { Chat, Message } from '@tripcrew/contracts/chats';

export function makeChat(overrides: Partial<Chat> = {}): Chat {
  return {
    _id: 'c-1',
    kind: 'direct',
    trip: null,
    user: { _id: 'u-2', name: 'Bob', lastName: 'Stone', image: null },
    lastMessage: { text: 'See you in Lisbon', senderId: 'u-2', createdAt: '2031-05-05T10:00:00.000Z' },
    unread: 2,
    canWrite: true,
    ...overrides,
  };
}

/** A trip's chat: no user, the trip's id and name. */
export const makeTripChat = (overrides: Partial<Chat> = {}): Chat =>
  makeChat({ kind: 'trip', user: null, trip: { _id: 't-1', name: 'Lisbon, Portugal' }, ...overrides });

export function makeMessage(seq: number, overrides: Partial<Message> = {}): Message {
  return {
    _id: `m-${seq}`,
    chatId: 'c-1',
    senderId: seq % 2 === 0 ? 'u-1' : 'u-2',
    text: `message ${seq}`,
    createdAt: new Date(Date.UTC(2031, 4, 5, 10, seq)).toISOString(),
    seq,
    ...overrides,
  };
}
