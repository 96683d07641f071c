/** A run no agent of its private location could take: Sightline's own fault, never the check's; the run was not tried, nothing alerts. */
export function noAgentMessage(location: string): string {
  return `Not run — no agent connected to ${location}. Sightline's own, not a failure of the check: start an agent for this private location (sightline agent --server <url> --key <its key>).`;
}
