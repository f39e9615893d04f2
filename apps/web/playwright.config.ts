import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from '../../scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://localhost:${port}`;

/** Browser journeys against the real server and database, in Debian's Chromium (never a downloaded one). */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI either: a journey that fails on timing is fixed where it waits.
  retries: 0,
  // Journeys of two browsers took up to 60 s on a busy two-core machine: the budget is twice that.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    // Journeys run as a person who asked for less motion (the app honours it: no rise-in, fade or
    // pop-in): no waiting on animations, and about a third less time in the axe scans. The first
    // impressions and the suggestion cards' rise-in are judged with motion (their specs say so).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /.*\.mobile\.spec\.ts/ },
  ],
  webServer: {
    command: 'node ../../scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // The first boot migrates and seeds: about 130 s under a load average of 25–30 on two cores.
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
