/**
 * CPU time spent by processes (user + system), from /proc: what the server side of a benchmark
 * really costs, apart from the load generator that shares the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100;

const cpuOf = (pid: number) => {
  try {
    // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
};

const pidsNamed = (name: string) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });

type CpuSnapshot = { server: number; postgres: Map<number, number> };

/** CPU seconds so far of the server process and of each PostgreSQL process. */
export const cpuSnapshot = (pid: number): CpuSnapshot => ({
  server: cpuOf(pid),
  postgres: new Map(pidsNamed('postgres').map((each) => [each, cpuOf(each)])),
});

/**
 * CPU seconds spent since `before` by the server and by PostgreSQL. Per PostgreSQL process: one
 * that exited meanwhile (an autovacuum worker, say) is left out rather than subtracted, and one
 * that started meanwhile counts whole.
 */
export const cpuSince = (before: CpuSnapshot, pid: number) => {
  const now = cpuSnapshot(pid);
  let postgres = 0;
  for (const [each, seconds] of now.postgres) {
    postgres += seconds - (before.postgres.get(each) ?? 0);
  }
  return { server: now.server - before.server, postgres };
};
