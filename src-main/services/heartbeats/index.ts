// The heartbeats' public face: the judge (services/engines), transports and other services import from here only.
export { loadHeartbeats, type HeartbeatEntry } from './load';
export { payloadOf, recordHeartbeats, type HeartbeatRecord, type HeartbeatStateWrite, type PingFacts } from './record';
export { newPingToken, pingTokenHash, pingUrlOf, sameToken, withIssuedPingToken } from './token';
export { receivePing, type PingRequest } from './ping';
export { heartbeatStatus } from './status';
export { heartbeatStatesShared as heartbeatsShared } from '../../db/repositories/heartbeats';
