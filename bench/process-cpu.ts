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

/** CPU seconds so far of the server process, and of every PostgreSQL process together. */
export const cpuSplit = (pid: number) => ({ server: cpuOf(pid), postgres: pidsNamed('postgres').reduce((sum, each) => sum + cpuOf(each), 0) });
