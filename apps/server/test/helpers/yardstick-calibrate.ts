import os from 'node:os';
import { yardstickMs } from './event-loop.js';

/**
 * Prints the yardstick's median over 200 runs (`QUIET_YARDSTICK_MS` in event-loop.ts takes it from a quiet machine
 * of the CI's kind) and the machine's load, so a reading on a busy machine is seen for what it is.
 */
for (let run = 0; run < 20; run += 1) yardstickMs();
const runs = Array.from({ length: 200 }, () => yardstickMs()).sort((a, b) => a - b);
console.log(
  `yardstick: median ${runs[100]?.toFixed(2)} ms, p10 ${runs[20]?.toFixed(2)} ms, p90 ${runs[180]?.toFixed(2)} ms; load ${os.loadavg()[0]?.toFixed(2)}`,
);
