/**
 * A console route as the href the console's HashRouter follows (connection-gate.tsx). Tables use
 * plain anchors with it: react-router's Link costs far more per render, and a Monitors page holds
 * up to 300 links.
 */
export const routeHref = (route: string): string => `#${route}`;
