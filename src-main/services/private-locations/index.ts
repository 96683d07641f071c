// The private locations' public face: transports and other services import from here only.
export { assertOwnPrivateLocations } from './assert-own';
export { createPrivateLocationKey, deletePrivateLocationKeyById } from './keys';
export { createPrivateLocation, deletePrivateLocationById, getPrivateLocation, listPrivateLocationReads, updatePrivateLocationById } from './locations';
export { privateLocationMetrics } from './metrics';
