import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { AppToastContainer } from '../../../components/ui/toast-container.tsx';
import {
  errorBody,
  jsonResponse,
  mockFetch,
  type RecordedRequest,
  setCookie,
} from '../../../lib/testing/fetch-mock.ts';
import { makeChat, makeMessage } from '../testing/chat-fixtures.ts';
import { CHAT_ENTRY_MAX_DELAY_S, chatEntryDelay } from './chat-list.tsx';
import { isSendShortcut } from './message-composer.tsx';
import { MessagesTab } from './messages-tab.tsx';
import { VIEWER_HINT } from './read-only-chat-hint.tsx';
import { animationFramesAsTimeouts } from '../../../lib/testing/test-hooks.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

vi.mock('emoji-mart', () => ({
  Picker: class {
    constructor(props: { onEmojiSelect: (emoji: { native: string }) => void }) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'pick 🎉';
      button.addEventListener('click', () => props.onEmojiSelect({ native: '🎉' }));
      return button;
    }
  },
}));
vi.mock('@emoji-mart/data', () => ({ default: { categories: [], emojis: {}, aliases: {} } }));

const CHATS = [
  makeChat(),
  makeChat({
    _id: 'c-2',
    user: { _id: 'u-3', name: 'Cleo', lastName: 'Park', image: null },
    lastMessage: { text: 'Thanks!', senderId: 'u-1', createdAt: '2031-05-04T10:00:00.000Z' },
    unread: 0,
  }),
];

type Handler = (request: RecordedRequest) => Response | undefined;

function mockChatsApi(extra: Handler = () => undefined) {
  setCookie('csrf-token', 'test-csrf');
  return mockFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === '/users/chats') return jsonResponse(200, CHATS);
    if (request.path === '/users/messages/c-1') {
      if (request.query.get('before') === '1')
        return jsonResponse(200, { data: [makeMessage(0, { text: 'the very first' })], nextCursor: null });
      return jsonResponse(200, { data: [makeMessage(1), makeMessage(2)], nextCursor: 1 });
    }
    if (request.path === '/users/messages/c-2') return jsonResponse(200, { data: [], nextCursor: null });
    if (request.path === '/users/messages/direct/u-2' && request.method === 'POST') {
      const { text } = request.body as { text: string };
      return jsonResponse(201, makeMessage(3, { senderId: 'u-1', text }));
    }
    return jsonResponse(404, errorBody(404, 'NOT_FOUND', 'nope'));
  });
}

function renderTab(props: { initialChatId?: string; initialUserId?: string } = {}) {
  return renderAt(
    <>
      <MessagesTab currentUserId="u-1" {...props} />
      <AppToastContainer theme="light" />
    </>,
  );
}

animationFramesAsTimeouts();

resetMocksAfterEach();

const textArea = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('MessagesTab', () => {
  it('[MSG-07] chat list on the left (avatar, name, last message, unread), conversation on the right with emoji picker, text area and send button', async () => {
    const user = userEvent.setup();
    mockChatsApi();
    renderTab();
    const list = await screen.findByRole('list', { name: 'Chats' });
    const entries = within(list).getAllByTestId('chat-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('Bob Stone');
    expect(entries[0]?.textContent).toContain('See you in Lisbon');
    expect(within(entries[0]!).getByTestId('unread-badge').textContent).toBe('2');
    expect(within(entries[0]!).getByLabelText('2 unread')).toBeTruthy();
    expect(entries[1]?.textContent).toContain('You: Thanks!');
    expect(within(entries[1]!).queryByTestId('unread-badge')).toBeNull();
    expect(entries[0]?.querySelector('[aria-label="Bob Stone"], img, span')).toBeTruthy();

    // Left list, right conversation (two columns from md up).
    const grid = screen.getByTestId('messages-tab');
    expect(grid.className).toContain('md:grid-cols-[17rem_minmax(0,1fr)]');
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByRole('button', { name: 'Add emoji' })).toBeTruthy();
    expect(within(conversation).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(within(conversation).getByRole('button', { name: /Send/ })).toBeTruthy();

    await user.click(within(entries[0]!).getByRole('button'));
    const log = await screen.findByRole('log', { name: 'Conversation with Bob Stone' });
    const messages = await within(log).findAllByTestId('message');
    expect(messages.map((m) => (m.textContent?.includes('message 1') ? 1 : 2))).toEqual([1, 2]);
    expect(messages[0]?.dataset.own).toBe('false');
    expect(messages[0]?.className).toContain('justify-start');
    expect(messages[1]?.dataset.own).toBe('true');
    expect(messages[1]?.className).toContain('justify-end');
    // Opening the chat clears its badge.
    expect(within(entries[0]!).queryByTestId('unread-badge')).toBeNull();

    // Older messages through nextCursor, shown before the others.
    await user.click(within(log).getByRole('button', { name: 'Load older messages' }));
    await within(log).findByText('the very first');
    const texts = within(log)
      .getAllByTestId('message')
      .map((m) => m.querySelector('p')?.textContent);
    expect(texts).toEqual(['the very first', 'message 1', 'message 2']);
    expect(within(log).queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('[MSG-07] the emoji picker adds an emoji to the text', async () => {
    const user = userEvent.setup();
    mockChatsApi();
    renderTab({ initialChatId: 'c-1' });
    await screen.findByRole('log', { name: /Conversation with/ });
    await user.type(textArea(), 'Cheers ');
    await user.click(screen.getByRole('button', { name: 'Add emoji' }));
    await user.click(await screen.findByRole('button', { name: 'pick 🎉' }));
    expect(textArea().value).toBe('Cheers 🎉');
  });

  it('[MSG-08] Ctrl+Enter or Cmd+Enter sends; blank text is refused; without a selected chat nothing is sent', async () => {
    const user = userEvent.setup();
    const api = mockChatsApi();
    renderTab();
    await screen.findByRole('list', { name: 'Chats' });
    // No chat selected: the composer is disabled.
    expect(textArea().disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Send/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getAllByTestId('chat-entry')[0]!.querySelector('button')!);
    await screen.findAllByTestId('message');
    const send = screen.getByRole('button', { name: /Send/ }) as HTMLButtonElement;
    expect(textArea().disabled).toBe(false);

    // Blank text: refused by button and shortcut.
    await user.type(textArea(), '   ');
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(textArea(), { key: 'Enter', ctrlKey: true });
    await act(async () => Promise.resolve());
    expect(api.to('/users/messages/direct/u-2', 'POST')).toHaveLength(0);

    // Plain Enter does not send.
    await user.clear(textArea());
    await user.type(textArea(), 'Hello Bob');
    fireEvent.keyDown(textArea(), { key: 'Enter' });
    await act(async () => Promise.resolve());
    expect(api.to('/users/messages/direct/u-2', 'POST')).toHaveLength(0);

    fireEvent.keyDown(textArea(), { key: 'Enter', ctrlKey: true });
    await vi.waitFor(() => expect(api.to('/users/messages/direct/u-2', 'POST')).toHaveLength(1));
    expect(api.to('/users/messages/direct/u-2', 'POST')[0]?.body).toEqual({ text: 'Hello Bob' });
    // The sent message joins the conversation; the field empties.
    expect(await screen.findByText('Hello Bob', { selector: 'p' })).toBeTruthy();
    await vi.waitFor(() => expect(textArea().value).toBe(''));

    await user.type(textArea(), 'Second one');
    fireEvent.keyDown(textArea(), { key: 'Enter', metaKey: true });
    await vi.waitFor(() => expect(api.to('/users/messages/direct/u-2', 'POST')).toHaveLength(2));

    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
  });

  it('[MSG-08] a refused message is reported and the text stays', async () => {
    const user = userEvent.setup();
    mockChatsApi((request) =>
      request.method === 'POST'
        ? jsonResponse(403, errorBody(403, 'NOT_IN_CREW', 'You can only write to people in your crew.'))
        : undefined,
    );
    renderTab({ initialChatId: 'c-1' });
    await screen.findAllByTestId('message');
    await user.type(textArea(), 'Hi');
    await user.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText('You can only write to people in your crew.')).toBeTruthy();
    expect(textArea().value).toBe('Hi');
  });

  it('[CHAT-35] a trip chat the caller only views shows a read-only line instead of the composer', async () => {
    const user = userEvent.setup();
    const viewed = makeChat({
      _id: 'c-3',
      kind: 'trip',
      user: null,
      trip: { _id: 't-1', name: 'Lisbon, Portugal' },
      unread: 0,
      canWrite: false,
    });
    mockChatsApi((request) => {
      if (request.path === '/users/chats') return jsonResponse(200, [...CHATS, viewed]);
      if (request.path === '/users/messages/c-3') return jsonResponse(200, { data: [], nextCursor: null });
      return undefined;
    });
    renderTab({ initialChatId: 'c-3' });
    await screen.findByRole('log', { name: 'Chat of Lisbon, Portugal' });
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByText(i18n._(VIEWER_HINT))).toBeTruthy();
    expect(within(conversation).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(conversation).queryByRole('button', { name: /Send/ })).toBeNull();

    // A chat they may write in has the composer again.
    await user.click(within(screen.getByRole('list', { name: 'Chats' })).getAllByRole('button')[0]!);
    await screen.findByRole('log', { name: 'Conversation with Bob Stone' });
    expect(within(conversation).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(within(conversation).queryByText(i18n._(VIEWER_HINT))).toBeNull();
  });

  it('[MSG-09] chat entries animate in with a staggered delay capped at 0.5 s', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeChat({ _id: `c-${i + 10}`, unread: 0 }));
    mockChatsApi((request) => (request.path === '/users/chats' ? jsonResponse(200, many) : undefined));
    renderTab();
    const entries = await screen.findAllByTestId('chat-entry');
    expect(entries).toHaveLength(12);
    const delays = entries.map((entry) => Number.parseFloat(entry.style.animationDelay));
    expect(delays[0]).toBe(0);
    expect(delays[1]).toBeGreaterThan(0);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(0.5);
    expect(entries[0]?.className).toContain('animate-slide-up');
    expect(CHAT_ENTRY_MAX_DELAY_S).toBe(0.5);
    expect(chatEntryDelay(1000)).toBe(0.5);
  });

  it('[MSG-07] mobile: list and conversation are stacked; the back button returns to the list', async () => {
    const user = userEvent.setup();
    mockChatsApi();
    renderTab({ initialUserId: 'u-2' });
    // ?user=<userId> deep link opens the chat with that person.
    await screen.findByRole('log', { name: 'Conversation with Bob Stone' });
    expect(screen.getByRole('region', { name: 'Chat list' }).className).toContain('max-md:hidden');
    expect(screen.getByRole('region', { name: 'Conversation' }).className).not.toContain('max-md:hidden');
    await user.click(screen.getByRole('button', { name: 'Back to chats' }));
    expect(screen.getByRole('region', { name: 'Chat list' }).className).not.toContain('max-md:hidden');
    expect(screen.getByRole('region', { name: 'Conversation' }).className).toContain('max-md:hidden');
    await vi.waitFor(() => expect(screen.queryByRole('log', { name: /Conversation with/ })).toBeNull());
  });
});
