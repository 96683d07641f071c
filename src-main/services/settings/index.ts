// Settings' public face: transports and other services import from here only.
export { getConsoleSettings, setConsoleSettings } from './console';
export { accountDelivery, DELIVERY_SETTINGS_KEY, deliveryNeedsSealing, getDeliverySettings, sealDelivery, setDeliverySettings } from './delivery';
export { getAgentCanaries, setAgentCanaries, storedCanaries } from './agent-canaries';
