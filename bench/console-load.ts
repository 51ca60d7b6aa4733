import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

import { chromium, type Page } from 'playwright-core';

/**
 * The console in Chromium against the benchmark's server: the JavaScript its first route loads
 * (gzip), and how long the dashboard takes from navigation start until every figure is on screen,
 * with an empty and with a warm HTTP cache (median of `runs` full page loads each).
 */

const chromiumPath = '/usr/bin/chromium';
const admin = { username: 'bench_admin', password: 'Bench-Admin-2048!' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds from navigation start until the dashboard's figures (users, active users) show numbers. */
const dashboardShown = async (page: Page, url: string) => {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      ['dashboard-total-users-value', 'dashboard-new-week-value', 'dashboard-mau-value'].every((id) =>
        /\d/.test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
      ),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return page.evaluate(() => performance.now());
};

export const benchConsole = async (endpoint: string, distDir: string, runs = 5) => {
  if (!existsSync(chromiumPath)) {
    return `skipped: ${chromiumPath} is not installed (apt-get install -y chromium)`;
  }
  const created = await fetch(`${endpoint}/api/console/first-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (created.status !== 201 && created.status !== 403) {
    throw new Error(`creating the console administrator failed: ${created.status} ${await created.text()}`);
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${endpoint}/console/get-started`);
    await page.waitForURL(/\/t\/admin\/sign-in/);
    await page.getByLabel('Username', { exact: true }).fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // The first route's JavaScript: everything under /console/assets/ a cold load of it fetches.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Set<string>();
    const collect = (response: { url: () => string }) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/console/assets/') && path.endsWith('.js')) {
        scripts.add(path.slice('/console/assets/'.length));
      }
    };
    page.on('response', collect);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', collect);
    const gzipped = [...scripts].reduce((sum, file) => sum + gzipSync(readFileSync(`${distDir}/assets/${file}`), { level: 9 }).length, 0);

    const cold: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      cold.push(await dashboardShown(page, `${endpoint}/console/dashboard`));
    }
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await dashboardShown(page, `${endpoint}/console/dashboard`);
    const warm: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      warm.push(await dashboardShown(page, `${endpoint}/console/dashboard`));
    }
    return [
      `first route (/console/get-started) JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzip in ${scripts.size} files`,
      `dashboard, navigation start to all figures shown (median of ${runs}): empty cache ${median(cold).toFixed(0)} ms, warm cache ${median(warm).toFixed(0)} ms`,
    ].join('\n  ');
  } finally {
    await browser.close();
  }
};
