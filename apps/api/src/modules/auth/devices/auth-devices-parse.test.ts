import { describe, expect, it } from 'vitest';
import { describeUserAgent, displayNetwork, networkOf } from './auth-devices.parse.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.80',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 OPR/114.0.0.0',
};

describe('describeUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome 131 on Windows', 'desktop'],
    [UA.edge, 'Edge 130 on Windows', 'desktop'],
    [UA.opera, 'Opera 114 on Windows', 'desktop'],
    [UA.safariIphone, 'Safari 17 on iOS', 'phone'],
    [UA.safariMac, 'Safari 18 on macOS', 'desktop'],
    [UA.firefoxLinux, 'Firefox 133 on Linux', 'desktop'],
    [UA.chromeAndroid, 'Chrome 131 on Android', 'phone'],
    [UA.samsungTablet, 'Samsung Internet 26 on Android', 'tablet'],
    [UA.chromeIpad, 'Chrome 131 on iPadOS', 'tablet'],
    [UA.headless, 'Chrome 131 on Linux', 'desktop'],
  ])('[DEVICES-01] %s → %s', (agent, label, kind) => {
    expect(describeUserAgent(agent)).toMatchObject({ label, kind });
  });

  it('[DEVICES-01] an unknown or missing User-Agent is named plainly', () => {
    expect(describeUserAgent(null)).toEqual({
      label: 'Unknown browser',
      browser: null,
      os: null,
      kind: 'desktop',
    });
    expect(describeUserAgent('curl/8.5.0').label).toBe('Unknown browser');
    expect(describeUserAgent('SomeBot (Windows NT 10.0)').label).toBe('Unknown browser on Windows');
  });
});

describe('networkOf / displayNetwork', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0/24', '203.0.113.x'],
    ['::ffff:198.51.100.7', '198.51.100.0/24', '198.51.100.x'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::/48', '2001:db8:abcd::/48'],
    ['2001:0db8:00ab::1', '2001:db8:ab::/48', '2001:db8:ab::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48', 'fe80:0:0::/48'],
    ['::1', '0:0:0::/48', '0:0:0::/48'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0::/48', '64:ff9b:0::/48'],
  ])('[DEVICES-02] %s keeps only its network: %s', (ip, stored, shown) => {
    expect(networkOf(ip)).toBe(stored);
    expect(displayNetwork(networkOf(ip))).toBe(shown);
  });

  it('[DEVICES-02] what is not an address has no network', () => {
    for (const value of [undefined, null, '', 'localhost', '999.1.1.1', '1.2.3'])
      expect(networkOf(value)).toBeNull();
    expect(displayNetwork(null)).toBeNull();
  });
});
