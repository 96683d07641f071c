/** What the tcp-10k and dns-10k targets answer (bench/lib/socket-target-server.ts), shared with the checks that judge it. */

/** Every connection to a TCP target is greeted with this, then closed by the target. */
export const TCP_GREETING = 'SIGHTLINE BENCH READY\n';

/** The name of DNS monitor n: h<n>.bench.test, type A. */
export function benchNameOf(n: number): string {
  return `h${n}.bench.test`;
}

/** The A record of h<n>.bench.test. */
export function benchAddressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
