import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { DEV_OUTBOX_TITLE, DevOutboxPage } from './dev-outbox.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

const MAILS = [
  {
    id: 'm2',
    to: 'ada@example.com',
    subject: 'Your Tripcrew password reset code',
    text: 'Hi Ada, we received a request.\n\nYour reset code: 1234-5678\n\nEnter it at http://localhost:3123/auth/recovery-confirm?email=ada%40example.com\n',
    html: '<p>…</p>',
    createdAt: '2025-03-10T09:08:07.000Z',
  },
  {
    id: 'm1',
    to: 'ada@example.com',
    subject: 'Confirm your Tripcrew account',
    text: 'Hi Ada, welcome to Tripcrew!\n\nYour confirmation code: 87654321\n\nOr activate your account with one click:\nhttp://localhost:3123/auth/activate?token=abc\n',
    html: '<p>…</p>',
    createdAt: '2025-03-10T09:00:00.000Z',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('DevOutboxPage', () => {
  it('[AUTH-20] lists the recent mails with recipient, subject, time and text; codes are easy to copy', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = mockApi({ 'GET /dev/outbox': jsonResponse(200, { delivery: 'outbox', mails: MAILS }) });
    renderAt(<DevOutboxPage />, { path: '/dev/outbox?to=ada%40example.com' });

    expect(screen.getByRole('heading', { level: 1, name: i18n._(DEV_OUTBOX_TITLE) })).toBeTruthy();
    const mails = await screen.findAllByTestId('outbox-mail');
    expect(mails).toHaveLength(2);
    const [reset, confirm] = mails as [HTMLElement, HTMLElement];
    expect(within(reset).getByRole('heading', { name: 'Your Tripcrew password reset code' })).toBeTruthy();
    expect(reset.textContent).toContain('to ada@example.com');
    expect(within(reset).getByText(/^\d{2}\.03\.2025 \d{2}:\d{2}:07$/)).toBeTruthy();
    expect(reset.textContent).toContain('we received a request');

    await userEvent.click(within(reset).getByRole('button', { name: 'Copy code 1234-5678' }));
    expect(writeText).toHaveBeenCalledWith('1234-5678');
    expect(within(reset).getByRole('button', { name: 'Code 1234-5678 copied' })).toBeTruthy();

    expect(within(confirm).getByTestId('mail-code').textContent).toBe('87654321');
    expect(
      within(confirm)
        .getByRole('link', { name: /auth\/activate\?token=abc/ })
        .getAttribute('href'),
    ).toBe('http://localhost:3123/auth/activate?token=abc');

    const [request] = api.to('/dev/outbox');
    expect(request?.query.get('to')).toBe('ada@example.com');
    expect(request?.query.get('limit')).toBe('50');
  });

  it('[AUTH-20] filters by recipient through the URL', async () => {
    const api = mockApi({ 'GET /dev/outbox': jsonResponse(200, { delivery: 'outbox', mails: [] }) });
    const { router } = renderAt(<DevOutboxPage />, { path: '/dev/outbox' });
    expect(await screen.findByText(/No mails yet\./)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Recipient'), 'ben@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?to=ben%40example.com'));
    await waitFor(() => expect(api.to('/dev/outbox').at(-1)?.query.get('to')).toBe('ben@example.com'));
  });

  it('[AUTH-20] says the outbox is not available when the API has none (production)', async () => {
    mockApi({ 'GET /dev/outbox': jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Route not found')) });
    renderAt(<DevOutboxPage />, { path: '/dev/outbox' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/not available on this server/);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});
