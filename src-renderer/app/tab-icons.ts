/**
 * The tab's icons, kept in the page as data: URLs: the "unreachable" one is shown exactly when the
 * server that would serve a file is down, so it must never be fetched. Same drawings as public/*.svg.
 */
const svg = (body: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;

const PULSE = '<path d="M4 18h6l3-8 5 14 3-6h7" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"';

export const PLAIN_ICON = svg(`<title>Sightline</title><rect width="32" height="32" rx="7" fill="#0ca678"/>${PULSE}/>`);

export const OFFLINE_ICON = svg(
  `<title>Sightline: server unreachable</title><rect width="32" height="32" rx="7" fill="#868e96"/>${PULSE} opacity="0.6"/>` +
    '<circle cx="24" cy="8" r="6.5" fill="#e03131" stroke="#fff" stroke-width="1.5"/><path d="M24 4.5v4.2M24 11v0.4" stroke="#fff" stroke-width="2" stroke-linecap="round"/>',
);

export const FAILING_ICON = svg(
  `<title>Sightline: monitors failing</title><rect width="32" height="32" rx="7" fill="#0ca678"/>${PULSE}/>` +
    '<circle cx="24" cy="8" r="7.5" fill="#e03131" stroke="#fff" stroke-width="1.5"/>',
);
