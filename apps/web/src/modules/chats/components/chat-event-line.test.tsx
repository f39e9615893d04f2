import { render, screen, within } from '@testing-library/react';
import type { Chat, ChatEvent, TripChatPage } from '@tripcrew/contracts/chats';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import { animationFramesAsTimeouts } from '../../../lib/testing/test-hooks.ts';
import { makeMessage } from '../testing/chat-fixtures.ts';
import { chatEventSentence } from './chat-event-line.tsx';
import { ChatList } from './chat-list.tsx';
import { TripChat } from './trip-chat.tsx';

vi.mock('emoji-mart', () => ({ Picker: class {} }));
vi.mock('@emoji-mart/data', () => ({ default: { categories: [], emojis: {}, aliases: {} } }));

const TRIP = 't-1';
const TRAIN: ChatEvent = { type: 'booking', action: 'added', kind: 'train', title: 'Train Lisbon → Porto' };

const line = (seq: number, senderId: string, senderName: string, event: ChatEvent) =>
  makeMessage(seq, {
    chatId: 'tc-1',
    tripId: TRIP,
    senderId,
    senderName,
    text: `${event.action} a booking: ${event.title}`,
    event,
  });

const PAGE: TripChatPage = {
  chatId: 'tc-1',
  canWrite: true,
  nextCursor: null,
  data: [
    line(1, 'u-2', 'Ben Stone', TRAIN),
    makeMessage(2, {
      chatId: 'tc-1',
      senderId: 'u-2',
      text: 'Seats 41 and 42',
      tripId: TRIP,
      senderName: 'Ben Stone',
    }),
    line(3, 'u-1', 'Ana Silva', {
      type: 'booking',
      action: 'changed',
      kind: 'lodging',
      title: 'Casa do Rio',
    }),
    line(4, 'u-2', 'Ben Stone', {
      type: 'booking',
      action: 'removed',
      kind: 'hovercraft',
      title: 'Hover to Porto',
    }),
  ],
};

function mockTripChatApi(page: TripChatPage) {
  setCookie('csrf-token', 'test-csrf');
  return mockFetch((request) => {
    if (request.path === `/core/trips/${TRIP}/chat`) return jsonResponse(200, page);
    if (request.path === '/users/chats') return jsonResponse(200, []);
    return jsonResponse(404, errorBody(404, 'NOT_FOUND', 'nope'));
  });
}

const normalised = (element: Element | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();

animationFramesAsTimeouts();
resetMocksAfterEach();

describe('event lines in a trip chat', () => {
  it('[BOOKINGS-CHAT-10] a booking event is a small centred line with its icon, not a bubble from the sender', async () => {
    mockTripChatApi(PAGE);
    renderWithToasts(<TripChat tripId={TRIP} canWrite currentUserId="u-1" />);
    const log = await screen.findByRole('log', { name: 'Chat of Trip chat' });
    const lines = await within(log).findAllByTestId('chat-event');
    expect(lines.map((item) => item.dataset.action)).toEqual(['added', 'changed', 'removed']);
    // Only the typed message is a bubble.
    expect(
      within(log)
        .getAllByTestId('message')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('Seats 41 and 42')]);
    expect(normalised(lines[0])).toMatch(/^Ben Stone added a train booking · : Train Lisbon → Porto/);
    // The reader's own line says "You"; an unknown kind reads as a booking.
    expect(normalised(lines[1])).toMatch(/^You changed the times of a stay · : Casa do Rio/);
    expect(normalised(lines[2])).toMatch(/^Ben Stone removed a booking · : Hover to Porto/);
    // The icon is decoration; the time is a real <time>.
    const events = PAGE.data.filter((message) => message.event);
    lines.forEach((item, index) => {
      expect(item.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
      expect(item.querySelector('time')?.getAttribute('dateTime')).toBe(events[index]?.createdAt);
    });
  });

  it('[BOOKINGS-CHAT-11] the sentence of each action, for the reader and for someone else', () => {
    const ben = { name: 'Ben Stone' };
    expect(chatEventSentence(TRAIN, ben)).toBe('Ben Stone added a train booking');
    expect(chatEventSentence({ ...TRAIN, action: 'changed', kind: 'flight' }, ben)).toBe(
      'Ben Stone changed the times of a flight',
    );
    expect(chatEventSentence({ ...TRAIN, action: 'removed', kind: 'car-rental' }, 'you')).toBe(
      'You removed a car rental',
    );
    expect(chatEventSentence({ ...TRAIN, kind: 'event' }, 'you')).toBe('You added tickets');
  });

  it("[BOOKINGS-CHAT-12] the chat list shows a trip chat's last event line as a sentence with who did it", () => {
    const chat = (lastMessage: Chat['lastMessage']): Chat => ({
      _id: `c-${lastMessage?.senderId ?? 'none'}`,
      kind: 'trip',
      user: null,
      trip: { _id: TRIP, name: 'Lisbon' },
      lastMessage,
      unread: 0,
      canWrite: true,
    });
    const at = '2031-03-01T09:00:00.000Z';
    render(
      <ChatList
        chats={[
          chat({
            text: 'added a train booking: Train',
            senderId: 'u-2',
            createdAt: at,
            event: TRAIN,
            senderName: 'Ben Stone',
          }),
          chat({
            text: 'removed a stay',
            senderId: 'u-1',
            createdAt: at,
            event: { ...TRAIN, action: 'removed', kind: 'lodging' },
            senderName: 'Ana Silva',
          }),
        ]}
        selectedId={null}
        currentUserId="u-1"
        onSelect={() => undefined}
      />,
    );
    const entries = screen.getAllByTestId('chat-entry').map((entry) => entry.textContent);
    expect(entries[0]).toContain('Ben Stone added a train booking');
    expect(entries[1]).toContain('You removed a stay');
  });
});
