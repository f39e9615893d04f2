/**
 * Debian Chromium for the web benches, started by chrome-launcher (never downloaded:
 * CHROMIUM_PATH or /usr/bin/chromium, scripts/chromium.ts), and puppeteer-core attached to it.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

/** Starts Chromium with a fresh profile; throws when there is none at CHROMIUM_PATH. */
export async function launchChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
    connectionPollInterval: 250,
    maxConnectionRetries: 120,
  });
}

/** puppeteer-core connected to a Chromium of `launchChromium()`. */
export function connectPuppeteer(chrome) {
  return puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
}
