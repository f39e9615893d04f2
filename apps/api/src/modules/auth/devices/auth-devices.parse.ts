import { isIPv4, isIPv6 } from 'node:net';
import type { DeviceKind } from '@tripcrew/contracts/auth-devices';

/**
 * What "Your devices" shows of a session's client, derived from what a request carries: the
 * browser and system named by the User-Agent header, and the network part of the address (the
 * only part ever stored: an IPv4 /24 or an IPv6 /48).
 */

export interface DeviceDescription {
  /** "Chrome 131 on Windows". */
  label: string;
  browser: string | null;
  os: string | null;
  kind: DeviceKind;
}

/** Checked in order: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari". */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|OPiOS)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows (?:NT|Phone)\b/, 'Windows'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function kindOf(agent: string): DeviceKind {
  if (/\biPad\b|\bTablet\b/.test(agent) || (/\bAndroid\b/.test(agent) && !/\bMobile\b/.test(agent)))
    return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b|\bAndroid\b|\bWindows Phone\b/.test(agent)) return 'phone';
  return 'desktop';
}

/** Names the browser and system of a User-Agent header; unknown parts are null. */
export function describeUserAgent(agent: string | null | undefined): DeviceDescription {
  const text = agent ?? '';
  let browser: string | null = null;
  let version: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = name;
      version = match[1] ?? null;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const named = browser ? (version ? `${browser} ${version}` : browser) : 'Unknown browser';
  return { label: os ? `${named} on ${os}` : named, browser, os, kind: kindOf(text) };
}

/** The eight 16-bit groups of a valid IPv6 address (zone removed), an embedded IPv4 tail included. */
function hextets(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The network part of a client address, the only part kept: "203.0.113.0/24" for IPv4 (an
 * IPv4-mapped IPv6 address counts as IPv4), "2001:db8:abcd::/48" for IPv6; null when the value
 * is not an address.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  let address = ip.trim();
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const prefix = hextets(address)
      .slice(0, 3)
      .map((group) => group.toString(16));
    return `${prefix.join(':')}::/48`;
  }
  return null;
}

/** How a stored network is shown: "203.0.113.x" for an IPv4 /24, the IPv6 prefix as stored. */
export function displayNetwork(network: string | null): string | null {
  if (!network) return null;
  const v4 = /^(\d+\.\d+\.\d+)\.0\/24$/.exec(network);
  return v4 ? `${v4[1]}.x` : network;
}
