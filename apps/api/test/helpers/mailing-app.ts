import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp.ts';
import { createTestApp, forBlock, type TestApp } from './test-app.ts';

/**
 * For the enclosing describe block: a local SMTP server and a test app that mails to it, with
 * `env` on top (e.g. APP_URL for the links in the mails). The app is closed before the server.
 */
export function useMailingTestApp(env: Record<string, string> = {}): { smtp: TestSmtpServer; t: TestApp } {
  const smtp = forBlock(startSmtpServer, (server) => server.close());
  const t = forBlock(
    () => createTestApp({ SMTP_URL: smtp.url, ...env }),
    (app) => app.close(),
  );
  return { smtp, t };
}

/** A mail's header block, its folded lines joined. */
export function mailHeaders(mail: ReceivedMail): string {
  return mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
}

/** The URL of the List-Unsubscribe header in `headers` (empty when there is none). */
export function listUnsubscribeUrl(headers: string): string {
  return (/^List-Unsubscribe: <([^>]+)>/im.exec(headers)?.[1] ?? '').replace(/\s/g, '');
}

/** A mail client's one-click unsubscribe of RFC 8058: a form POST, no cookies, no CSRF token. */
export function postOneClick(t: TestApp, link: string) {
  const url = new URL(link);
  return t.app.inject({
    method: 'POST',
    url: `/api${url.pathname.replace(/^\/api/, '')}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}
