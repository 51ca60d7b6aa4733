/**
 * Password sign-in through the experience API, as a browser does it: authorization request,
 * identify + verify, submit, redirects back to the app, and the code-for-token exchange. Counts
 * complete sign-ins per second with `concurrency` users signing in at once.
 */
import { createExperienceClient, discoverApp, type TestApp } from '../packages/core/test/setup/experience-client.js';

export const benchPasswordSignIn = async (base: string, app: TestApp, username: string, password: string, seconds: number, concurrency: number) => {
  const config = await discoverApp(base, app);
  const signInOnce = async () => {
    const browser = await createExperienceClient(base, app, config);
    await browser.authorize({ scope: 'openid profile', prompt: 'login' });
    const started = await browser.api('PUT', '', { interactionEvent: 'SignIn' });
    const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: username }, password });
    const identified = await browser.api('POST', '/identification', { verificationId: verified.body?.verificationId });
    const submitted = await browser.api('POST', '/submit', {});
    if (started.status !== 204 || verified.status !== 200 || identified.status !== 204 || submitted.status !== 200) {
      throw new Error(`sign-in failed: ${JSON.stringify([started, verified, identified, submitted].map((step) => step.body))}`);
    }
    const tokens = await browser.exchange(await browser.follow(submitted.body.redirectTo));
    if (!tokens.id_token) {
      throw new Error('no ID token');
    }
  };
  // Warm up, then measure.
  await Promise.all(Array.from({ length: concurrency }, signInOnce));
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      try {
        await signInOnce();
        latencies.push(performance.now() - begin);
      } catch {
        errors += 1;
      }
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    completed: latencies.length,
    warmup: concurrency,
    errors,
  };
};
