/**
 * Every screen of the chats module in one chunk (issue 21): the trip page, /messages and the own
 * profile load it lazily from here, so the conversation, composer and emoji picker are one chunk
 * with one importer, and the first download keeps its chunks as they are.
 */
export { MessagesTab } from './messages-tab.tsx';
export { TripChat } from './trip-chat.tsx';
export { WriteMessageModal } from './write-message-modal.tsx';
