import type { EmailTopic } from '@tripcrew/contracts/notifications';
import { mailHtml } from '../../../platform/mail-html.ts';
import type { MailMessage } from '../../../platform/mail.ts';
import { keyedHash, sameHash } from '../../../platform/tokens.ts';

/**
 * Notification mails and their one-click unsubscribe: each mail carries a link (and the
 * List-Unsubscribe headers of RFC 2369 / RFC 8058) whose token names the user and the topic and is
 * keyed with the server secret, so it needs no sign-in and cannot be made up for someone else.
 */

const TOPIC_WORDS: Record<EmailTopic, string> = {
  trips: 'emails about your trips',
  messages: 'emails about unread messages',
};

const signature = (secret: string, userId: string, topic: EmailTopic) =>
  keyedHash(secret, `unsubscribe:${userId.toLowerCase()}:${topic}`);

export function unsubscribeToken(secret: string, userId: string, topic: EmailTopic): string {
  return `${userId.toLowerCase()}.${topic}.${signature(secret, userId, topic)}`;
}

/** The user and topic of a genuine token, or undefined. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; topic: EmailTopic } | undefined {
  const [userId, topic, given, ...rest] = token.split('.');
  if (!userId || !given || rest.length > 0 || (topic !== 'trips' && topic !== 'messages')) return undefined;
  return sameHash(given, signature(secret, userId, topic)) ? { userId, topic } : undefined;
}

export interface MailLinks {
  appUrl: string;
  secret: string;
}

function withUnsubscribe(
  links: MailLinks,
  userId: string,
  topic: EmailTopic,
  mail: { to: string; subject: string; lines: string[]; action: { link: string; label: string } },
): MailMessage {
  const token = unsubscribeToken(links.secret, userId, topic);
  const page = `${links.appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${links.appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const footer = `You get this because ${TOPIC_WORDS[topic]} are on in your Tripcrew profile. Unsubscribe with one click:`;
  return {
    to: mail.to,
    subject: mail.subject,
    text: `${mail.lines.join('\n\n')}\n\n${mail.action.label}: ${mail.action.link}\n\n--\n${footer}\n${page}\n`,
    html: mailHtml([...mail.lines, mail.action, footer, { link: page, label: 'Unsubscribe' }]),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function addedToTripMail(
  links: MailLinks,
  input: { to: string; userId: string; name: string; by: string; tripName: string; tripId: string },
): MailMessage {
  return withUnsubscribe(links, input.userId, 'trips', {
    to: input.to,
    subject: `${input.by} added you to ${input.tripName}`,
    lines: [
      `Hi ${input.name},`,
      `${input.by} added you to the trip ${input.tripName} on Tripcrew. Open it to see the plan, the dates and who is coming.`,
    ],
    action: { link: `${links.appUrl}/trips/${input.tripId}`, label: 'Open the trip' },
  });
}

/**
 * The invitation an admin sends to an address; no unsubscribe (the address asked for nothing
 * yet) but a link to the page that stops all further invitations to it, and the same in one
 * click for mail clients (List-Unsubscribe, RFC 8058).
 */
export function tripInviteMail(input: {
  to: string;
  by: string;
  tripName: string;
  url: string;
  blockUrl: string;
  oneClickBlockUrl: string;
  expiresOn: string;
}): MailMessage {
  const lines = [
    'Hi,',
    `${input.by} invites you to plan the trip ${input.tripName} together on Tripcrew.`,
    `Open the link to see the trip and join it (you can create an account on the way). It works once, until ${input.expiresOn}.`,
  ];
  const ignore = 'If you do not know who this is, ignore this email: nothing happens without the link.';
  const block = 'Never want invitations from Tripcrew? Block them here:';
  return {
    to: input.to,
    subject: `${input.by} invites you to ${input.tripName}`,
    text: `${lines.join('\n\n')}\n\nJoin the trip: ${input.url}\n\n${ignore}\n\n--\n${block}\n${input.blockUrl}\n`,
    html: mailHtml([
      ...lines,
      { link: input.url, label: 'Join the trip' },
      ignore,
      block,
      { link: input.blockUrl, label: 'Block invitations' },
    ]),
    headers: {
      'List-Unsubscribe': `<${input.oneClickBlockUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A conversation of the unread-messages digest, as the mail tells it. */
export interface DigestMailConversation {
  chatId: string;
  kind: 'direct' | 'trip';
  title: string;
  unread: number;
  latest: Array<{ senderName: string; text: string }>;
}

const messagesWord = (count: number) => (count === 1 ? '1 unread message' : `${count} unread messages`);

/** Flattened to one line and cut, so a long message does not swallow the mail. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 200 ? flat : `${flat.slice(0, 199).trimEnd()}…`;
}

/**
 * The digest of unread messages: each conversation with its count and its newest messages, a link
 * to the conversation (one) or the messages page (several), and the one-click unsubscribe.
 */
export function unreadDigestMail(
  links: MailLinks,
  input: {
    to: string;
    userId: string;
    name: string;
    unread: number;
    conversations: DigestMailConversation[];
  },
): MailMessage {
  const [only] = input.conversations;
  const single = input.conversations.length === 1 && only;
  const subject = single
    ? only.kind === 'trip'
      ? `${messagesWord(input.unread)} in ${only.title}`
      : `${messagesWord(input.unread)} from ${only.title}`
    : `${messagesWord(input.unread)} on Tripcrew`;
  const lines = [`Hi ${input.name},`, `You have ${messagesWord(input.unread)} on Tripcrew.`];
  for (const conversation of input.conversations) {
    const where = conversation.kind === 'trip' ? `${conversation.title} (trip chat)` : conversation.title;
    lines.push(`${where}: ${messagesWord(conversation.unread)}`);
    for (const message of conversation.latest) lines.push(`${message.senderName}: “${quote(message.text)}”`);
  }
  const link = single ? `${links.appUrl}/messages/${only.chatId}` : `${links.appUrl}/messages`;
  return withUnsubscribe(links, input.userId, 'messages', {
    to: input.to,
    subject,
    lines,
    action: { link, label: single ? 'Read and answer' : 'Read your messages' },
  });
}
