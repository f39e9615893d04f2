/**
 * The conversation on screen now (issue 21): a new-message notification about it is not shown,
 * since its message is already in front of the reader. One at a time; null when none is open.
 */
export interface OpenChat {
  chatId: string;
  /** The other person of a direct chat (message notifications name the sender). */
  userId: string | null;
}

let open: OpenChat | null = null;

export function setOpenChat(chat: OpenChat | null): void {
  open = chat;
}

export function openChat(): OpenChat | null {
  return open;
}

/** Whether a message notification from `senderId` is about the conversation on screen. */
export function isAboutOpenChat(senderId: string | undefined): boolean {
  return open !== null && open.userId !== null && senderId !== undefined && open.userId === senderId;
}
