// Locations' public face: transports and other services import from here only.
export { listPublicLocations } from './list';
