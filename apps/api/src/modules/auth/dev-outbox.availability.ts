const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

export interface DevOutboxSettings {
  isProduction: boolean;
  trustProxy: boolean | string;
  host: string;
}

/**
 * Why the dev outbox is off, or undefined when it is on. Its loopback check reads the socket's
 * peer address; behind a reverse proxy on the same host every request comes from loopback, and a
 * server listening on a non-loopback address is meant to be reached from elsewhere, so in both
 * cases the outbox would hand anyone the codes of everyone else.
 */
export function devOutboxOffReason(settings: DevOutboxSettings): string | undefined {
  if (settings.isProduction) return 'NODE_ENV is production';
  if (settings.trustProxy !== false) return 'TRUST_PROXY is set (requests may come through a proxy)';
  if (!LOOPBACK_HOSTS.has(settings.host)) return `HOST ${settings.host} is not a loopback address`;
  return undefined;
}
