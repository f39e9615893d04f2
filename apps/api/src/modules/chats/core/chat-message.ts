import type { Message } from '@tripcrew/contracts/chats';
import type { MessageRow } from './chats.table.ts';

/** The API shape of a message row (SPEC §3 "Message"); `event` only on a line the app wrote. */
export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    seq: row.seq,
    ...(row.event ? { event: row.event } : {}),
  };
}
