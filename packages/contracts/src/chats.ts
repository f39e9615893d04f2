import { z } from 'zod';
import { idSchema, multiLineText } from './common.ts';
import { personFields } from './users.ts';

export { DELETED_USER_NAME } from './users.ts';

export const MESSAGE_MAX = 4000;
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;

/** What a chat event is about, and what happened to it. */
export const CHAT_EVENT_ACTIONS = ['added', 'changed', 'removed'] as const;
export type ChatEventAction = (typeof CHAT_EVENT_ACTIONS)[number];

/**
 * A line the app writes into a trip chat on someone's behalf (the sender is who did it), not
 * words they typed: a booking added to the trip, its times changed, or removed. `kind` is a
 * booking kind ('train'; one unknown to a client reads as a booking), `title` the booking's
 * ("Train Lisbon → Porto"). The message's `text` says the same in plain English for clients that
 * do not know events.
 */
export const chatEventSchema = z.object({
  type: z.literal('booking'),
  action: z.enum(CHAT_EVENT_ACTIONS),
  kind: z.string(),
  title: z.string(),
});
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** SPEC §3 "Message". */
export const messageSchema = z.object({
  _id: z.string(),
  chatId: z.string(),
  /** null: the sender deleted their account (shown as DELETED_USER_NAME). */
  senderId: z.string().nullable(),
  text: z.string(),
  createdAt: z.string().describe('ISO 8601 timestamp'),
  /** Increases with every message of the chat: the cursor for older pages and for catching up. */
  seq: z.number().int(),
  /** Set on a trip chat's messages: the trip, and the sender's name as the crew sees it. */
  tripId: z.string().optional(),
  senderName: z.string().optional(),
  /** Set on a line the app wrote for the sender (a booking added, changed, removed): see chatEventSchema. */
  event: chatEventSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** SPEC §3 "Chat": a direct chat has the other person (`user`), a trip chat its trip (`trip`). */
export const chatSchema = z.object({
  _id: z.string(),
  kind: z.enum(['direct', 'trip']),
  user: z
    .object({
      ...personFields,
      /** True when the other person deleted their account: `_id` is empty, `name` DELETED_USER_NAME. */
      deleted: z.boolean().optional(),
    })
    .nullable(),
  trip: z.object({ _id: z.string(), name: z.string() }).nullable(),
  lastMessage: z
    .object({
      text: z.string(),
      senderId: z.string().nullable(),
      createdAt: z.string(),
      /** A trip chat's line the app wrote (a booking added…), with who it was written for. */
      event: chatEventSchema.optional(),
      senderName: z.string().optional(),
    })
    .nullable(),
  unread: z.number().int().min(0),
  /**
   * Whether the caller may write in it: a direct chat unless the other person deleted their
   * account; not for a trip chat they only view.
   */
  canWrite: z.boolean(),
});
export type Chat = z.infer<typeof chatSchema>;
export const chatsResponseSchema = z.array(chatSchema);

export const chatParamsSchema = z.strictObject({ chatId: idSchema });
/**
 * GET /users/messages/{chatId}?before=&after=&limit=: without a cursor the newest page; `before`
 * (a seq) pages to older messages; `after` (a seq) catches up on newer ones. Oldest→newest within a page.
 */
export const messagesQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(0).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
});
export const messagesResponseSchema = z.object({
  data: z.array(messageSchema),
  /** Pass as `before` to load older messages; null when there are none. */
  nextCursor: z.number().int().nullable(),
});
export type MessagesPage = z.infer<typeof messagesResponseSchema>;

export const directMessageParamsSchema = z.strictObject({ userId: idSchema });
export const directMessageBodySchema = z.strictObject({
  text: multiLineText()
    .min(1, 'Write a message first')
    .max(MESSAGE_MAX, `A message has at most ${MESSAGE_MAX} characters`),
});

/** The trip chat (issue 21): one per trip, read by every member, written by all but viewers. */
export const tripChatParamsSchema = z.strictObject({ id: idSchema });
export const tripChatResponseSchema = messagesResponseSchema.extend({
  chatId: z.string(),
  /** False for a viewer: they read the chat but cannot write in it. */
  canWrite: z.boolean(),
});
export type TripChatPage = z.infer<typeof tripChatResponseSchema>;
export const chatMessageBodySchema = directMessageBodySchema;
