// Locations' public face: transports and other services import from here only.
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import { LOCAL_LOCATION_NAME, publicRegions, type PublicLocation } from '../../../src-shared/schemas/platform';

/**
 * GET /v1/locations: `local` (the embedded agent) first, then every public region a check may name,
 * each run by the embedded agent from this machine. Private locations are listed by
 * /v1/private-locations, as in the public API.
 */
export function listPublicLocations(): PublicLocation[] {
  return [{ region: LOCAL_LOCATION, name: LOCAL_LOCATION_NAME }, ...publicRegions()];
}
