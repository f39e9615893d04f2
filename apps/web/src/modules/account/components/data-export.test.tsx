import type { AccountExport } from '@tripcrew/contracts/account-export';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts, signIn } from '../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../../lib/testing/fetch-mock.ts';
import { DataExportSection } from './data-export.tsx';

const ID = '11111111-1111-4111-8111-111111111111';

const job = (overrides: Partial<AccountExport> = {}): AccountExport => ({
  id: ID,
  status: 'queued',
  progress: 0,
  createdAt: '2031-01-01T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  downloadedAt: null,
  size: null,
  nextAllowedAt: null,
  ...overrides,
});

/** A fake export API: `states` are answered in turn by GET latest (the last one repeats). */
function mockExports(
  states: Array<AccountExport | null>,
  options: { failStart?: boolean; afterDownload?: AccountExport } = {},
) {
  setCookie('csrf-token', 'test-csrf');
  let reads = 0;
  let downloaded = false;
  let current: AccountExport | null = states[0] ?? null;
  return mockFetch((request) => {
    const { path, method } = request;
    if (path === '/account/exports/latest') {
      current =
        downloaded && options.afterDownload
          ? options.afterDownload
          : (states[Math.min(reads, states.length - 1)] ?? null);
      reads += 1;
      return jsonResponse(200, { export: current });
    }
    if (path === '/account/exports' && method === 'POST') {
      if (options.failStart) return jsonResponse(409, errorBody(409, 'CONFLICT', 'Not now, please.'));
      return jsonResponse(201, job());
    }
    if (path === `/account/exports/${ID}` && method === 'GET') return jsonResponse(200, current);
    if (path === `/account/exports/${ID}/download`) {
      downloaded = true;
      return new Response(new Blob(['PK']), {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="tripcrew-export-2031-01-01.zip"',
        },
      });
    }
    return jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Not found'));
  });
}

function renderSection() {
  const result = renderWithToasts(<DataExportSection />);
  signIn(result.store);
  return result;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('DataExportSection', () => {
  it('[EXPORT-08] prepare → progress while running → download → still downloadable, last download shown, a new one offered', async () => {
    const ready = job({
      status: 'ready',
      progress: 100,
      readyAt: '2031-01-01T10:00:05.000Z',
      expiresAt: '2031-01-02T10:00:05.000Z',
      size: 2_400_000,
      nextAllowedAt: '2031-01-01T11:00:00.000Z',
    });
    const fetch = mockExports([null, job({ status: 'running', progress: 40 }), ready], {
      afterDownload: job({
        ...ready,
        downloadedAt: '2031-01-01T10:01:00.000Z',
        nextAllowedAt: null,
      }),
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSection();

    await user.click(await screen.findByRole('button', { name: /Prepare my data/ }));
    expect(fetch.to('/account/exports', 'POST')).toHaveLength(1);
    // Polled while it is prepared: the progress bar follows the job.
    const bar = await screen.findByRole('progressbar', { name: 'Preparing your data' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    const download = await screen.findByRole('button', { name: /Download \(expires 2 Jan 2031/ });
    expect(screen.getByText(/ready \(2\.3 MB\)/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    await user.click(download);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const sent = fetch.to(`/account/exports/${ID}/download`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(await screen.findByText(/Last downloaded on 1 Jan 2031/)).toBeTruthy();
    // Still downloadable until it expires, and a fresh archive may be asked for.
    expect(screen.getByRole('button', { name: /Download \(expires 2 Jan 2031/ })).toBeTruthy();
    expect(screen.getByText(/Download it as often as you need until it expires/)).toBeTruthy();
    const fresh = screen.getByRole('button', { name: /Prepare a new one/ });
    expect((fresh as HTMLButtonElement).disabled).toBe(false);
  });

  it('[EXPORT-08] during the cooldown the button waits and says until when; a failed export offers a retry', async () => {
    mockExports([
      job({
        status: 'downloaded',
        downloadedAt: '2031-01-01T10:01:00.000Z',
        nextAllowedAt: '2031-01-01T11:00:00.000Z',
      }),
    ]);
    const { unmount } = renderSection();
    const button = await screen.findByRole('button', { name: /Prepare a new one/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can prepare a new archive from 1 Jan 2031/)).toBeTruthy();
    unmount();

    vi.unstubAllGlobals();
    resetApiClient();
    mockExports([job({ status: 'failed', progress: 40 })], { failStart: true });
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toMatch(/failed/);
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Not now, please.')).toBeTruthy();
  });
});
