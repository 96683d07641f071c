// Settings' public face: transports and other services import from here only.
export { getConsoleSettings, setConsoleSettings } from './console';
export { accountDelivery, getDeliverySettings, setDeliverySettings } from './delivery';
export { getAgentCanaries, setAgentCanaries, storedCanaries } from './agent-canaries';
export { clusterNodes, type ClusterNodesView } from './cluster';
