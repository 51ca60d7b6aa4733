/**
 * Baseline for password verification: a bare `@node-rs/argon2` verify loop with one call in flight
 * per core, the same hash parameters, for `seconds`. Prints verifications per second of wall time,
 * and per second of the process's CPU time (main thread and libuv workers): on a shared machine the
 * loop may get less than its cores, and the server side is measured in CPU time too.
 */
import { availableParallelism } from 'node:os';

import { hash, verify } from '@node-rs/argon2';

const seconds = Number(process.argv[2] ?? 10);
const phc = await hash('correct horse battery staple', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
let done = 0;
const deadline = performance.now() + seconds * 1000;
const worker = async () => {
  while (performance.now() < deadline) {
    if (!(await verify(phc, 'correct horse battery staple'))) {
      throw new Error('baseline verify failed');
    }
    done += 1;
  }
};
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: availableParallelism() }, worker));
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    perSecond: done / ((performance.now() - started) / 1000),
    perCpuSecond: done / ((cpu.user + cpu.system) / 1_000_000),
  }),
);
