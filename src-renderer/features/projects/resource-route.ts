/** The console page of a resource bound to a project, by the CLI's type; null for types without one. */
export function resourceRoute(type: string, resourceId: string): string | null {
  switch (type) {
    case 'check':
      return `/monitors/${resourceId}`;
    case 'check-group':
      return `/groups/${resourceId}`;
    case 'alert-channel':
      return `/alert-channels/${resourceId}`;
    case 'status-page':
      return '/status-page';
    default:
      return null;
  }
}
