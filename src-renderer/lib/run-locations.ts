import { LOCAL_LOCATION, LOCATIONS } from '../../src-shared/enums';
import { stringArray } from './form-values';

/**
 * A form edits a check's or group's run locations as one list of tagged values: `private:<slug>`
 * (`private:local` is this machine) goes to `privateLocations`, `public:<region>` to `locations`.
 * Tags keep a private slug apart from a public name it might share.
 */
export const LOCAL_RUN_LOCATION = `private:${LOCAL_LOCATION}`;

export type PublicRegion = (typeof LOCATIONS)[number];

export function isPublicRegion(value: string): value is PublicRegion {
  return (LOCATIONS as readonly string[]).includes(value);
}

/** The stored lists as the form's value; nothing stored reads as this machine when `emptyIsLocal`. */
export function runLocationsOf(stored: { locations?: unknown; privateLocations?: unknown }, emptyIsLocal: boolean): string[] {
  const values = [...stringArray(stored.privateLocations).map((slug) => `private:${slug}`), ...stringArray(stored.locations).map((region) => `public:${region}`)];
  return values.length === 0 && emptyIsLocal ? [LOCAL_RUN_LOCATION] : values;
}

/** The form's value as the body's `locations` and `privateLocations`. */
export function toLocationLists(runLocations: readonly string[]): { locations: PublicRegion[]; privateLocations: string[] } {
  const locations: PublicRegion[] = [];
  const privateLocations: string[] = [];
  for (const value of runLocations) {
    if (value.startsWith('public:')) {
      const region = value.slice('public:'.length);
      if (isPublicRegion(region)) locations.push(region);
    } else if (value.startsWith('private:')) privateLocations.push(value.slice('private:'.length));
  }
  return { locations, privateLocations };
}

/** How a list shows where something runs: "This machine", "Office (office-net)", "eu-west-1 (this machine)". */
export function describeRunLocations(stored: { locations?: unknown; privateLocations?: unknown }, privateNames: ReadonlyMap<string, string> = new Map()): string[] {
  return runLocationsOf(stored, false).map((value) => {
    if (value === LOCAL_RUN_LOCATION) return 'This machine';
    if (value.startsWith('public:')) return `${value.slice('public:'.length)} (this machine)`;
    const slug = value.slice('private:'.length);
    const name = privateNames.get(slug);
    return name ? `${name} (${slug})` : slug;
  });
}
