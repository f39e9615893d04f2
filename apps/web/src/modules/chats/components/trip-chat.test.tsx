import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import { makeMessage } from '../testing/chat-fixtures.ts';
import { isChatSendKey } from './message-composer.tsx';
import { VIEWER_HINT } from './read-only-chat-hint.tsx';
import { TripChat } from './trip-chat.tsx';
import { animationFramesAsTimeouts } from '../../../lib/testing/test-hooks.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

vi.mock('emoji-mart', () => ({ Picker: class {} }));
vi.mock('@emoji-mart/data', () => ({ default: { categories: [], emojis: {}, aliases: {} } }));

const TRIP = 't-1';
const PAGE = {
  chatId: 'tc-1',
  canWrite: true,
  nextCursor: null,
  data: [
    makeMessage(1, {
      chatId: 'tc-1',
      senderId: 'u-2',
      text: 'Who brings the map?',
      tripId: TRIP,
      senderName: 'Bob Stone',
    }),
    makeMessage(2, { chatId: 'tc-1', senderId: 'u-1', text: 'Me!', tripId: TRIP, senderName: 'Ana Silva' }),
  ],
};

function mockTripChatApi(page = PAGE, post?: (text: string) => Response) {
  setCookie('csrf-token', 'test-csrf');
  return mockFetch((request) => {
    if (request.path === `/core/trips/${TRIP}/chat`) return jsonResponse(200, page);
    if (request.path === `/core/trips/${TRIP}/chat/messages` && request.method === 'POST') {
      const { text } = request.body as { text: string };
      return post
        ? post(text)
        : jsonResponse(
            201,
            makeMessage(3, { chatId: 'tc-1', senderId: 'u-1', text, tripId: TRIP, senderName: 'Ana Silva' }),
          );
    }
    if (request.path === '/users/chats') return jsonResponse(200, []);
    return jsonResponse(404, errorBody(404, 'NOT_FOUND', 'nope'));
  });
}

animationFramesAsTimeouts();
resetMocksAfterEach();

describe('TripChat', () => {
  it("[CHAT-26] shows the crew's messages with the sender's name, own ones on the right", async () => {
    mockTripChatApi();
    renderWithToasts(<TripChat tripId={TRIP} canWrite currentUserId="u-1" />);
    const log = await screen.findByRole('log', { name: 'Chat of Trip chat' });
    const messages = await within(log).findAllByTestId('message');
    expect(messages.map((m) => m.dataset.own)).toEqual(['false', 'true']);
    expect(messages[0]?.textContent).toContain('Bob Stone');
    expect(messages[0]?.textContent).toContain('Who brings the map?');
    expect(messages[1]?.textContent).not.toContain('Ana Silva');
    expect(screen.getByText('Enter sends, Shift+Enter for a new line')).toBeTruthy();
  });

  it('[CHAT-27] Enter sends, Shift+Enter makes a new line', async () => {
    const user = userEvent.setup();
    const api = mockTripChatApi();
    renderWithToasts(<TripChat tripId={TRIP} canWrite currentUserId="u-1" />);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(box.value).toBe('Line one\nline two');
    expect(api.to(`/core/trips/${TRIP}/chat/messages`, 'POST')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.to(`/core/trips/${TRIP}/chat/messages`, 'POST')).toHaveLength(1));
    expect(api.to(`/core/trips/${TRIP}/chat/messages`, 'POST')[0]?.body).toEqual({
      text: 'Line one\nline two',
    });
    await waitFor(() => expect(box.value).toBe(''));
    expect(
      await screen.findByText('Line one line two', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
  });

  it('[CHAT-28] a viewer reads the conversation, with a short explanation instead of the composer', async () => {
    mockTripChatApi({ ...PAGE, canWrite: false });
    renderWithToasts(<TripChat tripId={TRIP} canWrite={false} currentUserId="u-9" />);
    expect(await screen.findByText('Who brings the map?')).toBeTruthy();
    expect(screen.getByText(i18n._(VIEWER_HINT))).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('[CHAT-29] a refused message keeps the text and says why', async () => {
    const user = userEvent.setup();
    mockTripChatApi(PAGE, () => jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Trip not found')));
    renderWithToasts(<TripChat tripId={TRIP} canWrite currentUserId="u-1" />);
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    await user.type(box, 'Anyone?');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Trip not found')).toBeTruthy();
    expect(box.value).toBe('Anyone?');
  });

  it('[CHAT-29] an empty state and a load error are shown in words', async () => {
    mockTripChatApi({ ...PAGE, data: [] });
    const view = renderWithToasts(<TripChat tripId={TRIP} canWrite currentUserId="u-1" />);
    expect(await screen.findByText('No messages yet. Say hello to your crew!')).toBeTruthy();
    view.unmount();
    resetApiClient();
    mockFetch(() => jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')));
    renderWithToasts(<TripChat tripId="t-2" canWrite currentUserId="u-1" />);
    expect(await screen.findByText(/We could not load the trip chat/)).toBeTruthy();
  });

  it('[CHAT-27] isChatSendKey: Enter sends; Shift+Enter and IME composition do not', () => {
    const key = { key: 'Enter', ctrlKey: false, metaKey: false, shiftKey: false };
    expect(isChatSendKey(key)).toBe(true);
    expect(isChatSendKey({ ...key, shiftKey: true })).toBe(false);
    expect(isChatSendKey({ ...key, nativeEvent: { isComposing: true } })).toBe(false);
    expect(isChatSendKey({ ...key, key: 'a' })).toBe(false);
  });
});
