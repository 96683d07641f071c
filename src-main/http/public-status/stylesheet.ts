import { createHash } from 'node:crypto';

/**
 * The public pages' only stylesheet, served by this server (the CSP allows nothing else). Colours
 * follow the page's theme: data-theme="light" or "dark", or the visitor's preference for "auto".
 */
export const STYLESHEET = `
:root { --bg: #f7f8fa; --panel: #fff; --text: #1d2330; --dim: #5b6474; --line: #dfe3ea;
  --up: #2f9e44; --minor: #f5c518; --partial: #f08c00; --major: #e03131; --none: #c9ced6; --link: #1c64c9; --on-link: #fff;
  --up-text: #237a35; --minor-text: #8a6d00; --partial-text: #a35f00; --major-text: #c92a2a; --maint-text: #3b6fd4; }
html[data-theme="dark"] { --bg: #14171c; --panel: #1d2128; --text: #e7eaf0; --dim: #9aa3b2; --line: #2e343e; --none: #3a414c; --link: #74a9f5; --on-link: #0b1220;
  --up-text: #2f9e44; --minor-text: #f5c518; --partial-text: #f08c00; --major-text: #ff6b6b; --maint-text: #74a9f5; }
@media (prefers-color-scheme: dark) {
  html[data-theme="auto"] { --bg: #14171c; --panel: #1d2128; --text: #e7eaf0; --dim: #9aa3b2; --line: #2e343e; --none: #3a414c; --link: #74a9f5; --on-link: #0b1220;
  --up-text: #2f9e44; --minor-text: #f5c518; --partial-text: #f08c00; --major-text: #ff6b6b; --maint-text: #74a9f5; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
main, .masthead, footer { max-width: 860px; margin: 0 auto; padding: 0 16px; }
.masthead { padding-top: 32px; padding-bottom: 8px; }
.masthead h1 { margin: 0; font-size: 26px; }
.masthead h1 a { color: inherit; text-decoration: none; }
section { margin: 24px 0; }
h2 { font-size: 18px; margin: 0 0 12px; }
.overall { padding: 16px 20px; border-radius: 8px; color: #fff; font-size: 18px; font-weight: 600; }
.overall p { margin: 0; }
.state-operational { --state: var(--up); --state-text: var(--up-text); }
.state-degraded_performance { --state: var(--minor); --state-text: var(--minor-text); }
.state-partial_outage { --state: var(--partial); --state-text: var(--partial-text); }
.state-major_outage { --state: var(--major); --state-text: var(--major-text); }
.state-under_maintenance { --state: #3b6fd4; --state-text: var(--maint-text); }
.maintenance { list-style: none; margin: 0 0 8px; padding: 0; }
.maintenance-item { padding: 4px 0; }
.maintenance-panel h3 { font-size: 15px; margin: 8px 0 4px; }
.overall { background: var(--state); }
/* Dark text on the light state colours: white on green, yellow or orange is under 4.5:1 (axe). */
.overall.state-operational, .overall.state-degraded_performance, .overall.state-partial_outage { color: #1d2330; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; }
.services { list-style: none; margin: 0; padding: 0; }
.service { padding: 12px 0; border-top: 1px solid var(--line); }
.service:first-child { border-top: 0; padding-top: 0; }
.service-head { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
.service-name { font-size: 15px; margin: 0; }
.state { font-weight: 600; color: var(--state-text); white-space: nowrap; }
.bars { display: flex; gap: 2px; list-style: none; margin: 8px 0 4px; padding: 0; height: 34px; }
.bar { flex: 1 1 0; min-width: 2px; border-radius: 2px; background: var(--none); }
.bar-up { background: var(--up); }
.bar-minor { background: var(--minor); }
.bar-partial { background: var(--partial); }
.bar-major { background: var(--major); }
.bars-foot { display: flex; justify-content: space-between; color: var(--dim); font-size: 12px; margin: 0; }
.incident { border-left: 4px solid var(--state); }
.incident + .incident { margin-top: 12px; }
.incident h3 { margin: 0 0 4px; font-size: 16px; }
.incident-meta { color: var(--dim); margin: 0 0 8px; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; background: var(--state); color: #fff; font-size: 12px; font-weight: 600; }
.badge.state-operational, .badge.state-degraded_performance, .badge.state-partial_outage { color: #1d2330; }
.timeline { list-style: none; margin: 0; padding: 0; }
.timeline li { padding: 8px 0; border-top: 1px dashed var(--line); }
.update-head { margin: 0; }
.update-head time { color: var(--dim); font-size: 13px; margin-left: 8px; }
.update-text { margin: 4px 0 0; white-space: pre-line; overflow-wrap: anywhere; }
details summary { cursor: pointer; }
.empty { color: var(--dim); margin: 0; }
.subscribe form { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.subscribe label { width: 100%; font-weight: 600; }
input[type="email"] { flex: 1 1 240px; padding: 8px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); color: var(--text); font: inherit; }
button { padding: 8px 16px; border: 0; border-radius: 6px; background: var(--link); color: var(--on-link); font: inherit; font-weight: 600; cursor: pointer; }
.hint { color: var(--dim); font-size: 13px; }
footer { color: var(--dim); font-size: 13px; padding-top: 8px; padding-bottom: 32px; }
.notice { padding-top: 48px; max-width: 560px; }
.zone-note { color: var(--dim); font-size: 13px; margin: 8px 0 0; display: flex; gap: 12px; flex-wrap: wrap; align-items: center; }
.zone-note label { display: inline-flex; gap: 4px; align-items: center; }
.zone-note label[hidden] { display: none; }
`;

const VERSION = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);

/** The stylesheet's address; the version changes with its content, so it can be cached long. */
export const STYLESHEET_ROUTE = '/status/_static/status.css';
export const STYLESHEET_PATH = `${STYLESHEET_ROUTE}?v=${VERSION}`;
