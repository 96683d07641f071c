import { randomBytes } from 'node:crypto';

/**
 * `count` new check ids in ascending order (UUID version 7: the time, then a counter, then random
 * bits). A deploy inserts thousands of checks in one transaction; ids in order land on a few
 * B-tree pages of the checks' key (and of the bindings' index on it) instead of one random page
 * each, which keeps that transaction short.
 */
export function sequentialCheckIds(count: number, now = Date.now()): string[] {
  const time = now.toString(16).padStart(12, '0').slice(-12);
  const fixed = randomBytes(2).toString('hex').slice(0, 3);
  const random = randomBytes(4 * count);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // The variant's two bits (10), then 30 bits of counter, then 32 random bits.
    const counter = (0x80000000 + i).toString(16).padStart(8, '0');
    const tail = counter + random.toString('hex', 4 * i, 4 * i + 4);
    ids.push(`${time.slice(0, 8)}-${time.slice(8)}-7${fixed}-${tail.slice(0, 4)}-${tail.slice(4)}`);
  }
  return ids;
}
