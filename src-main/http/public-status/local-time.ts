import { createHash } from 'node:crypto';
import { DATE_STYLES, ZONE_STORAGE_KEY } from '../../../src-shared/rules/date-styles';

/**
 * The public pages' only script (issue 31: one date format, the reader's zone by default, UTC on
 * request). The server writes every `<time>` in UTC, in the console's "minute" style; this script,
 * served from this origin (the CSP allows no inline script), rewrites them in the reader's locale
 * and zone with the same style, names the zone, and offers the UTC switch — kept under the same
 * key as the console's, so one choice serves both on this origin. Without script the page stays
 * correct: UTC, said so.
 */
export const LOCAL_TIME_SCRIPT = `(function () {
  'use strict';
  var KEY = ${JSON.stringify(ZONE_STORAGE_KEY)};
  var STYLE = ${JSON.stringify(DATE_STYLES.minute)};
  var note = document.getElementById('time-zone-note');
  var control = document.getElementById('time-zone-switch');
  var box = document.getElementById('time-zone-utc');
  function mode() { try { return localStorage.getItem(KEY) === 'utc' ? 'utc' : 'local'; } catch (e) { return 'local'; } }
  function offsetLabel(minutesEast) {
    if (minutesEast === 0) return 'UTC';
    var abs = Math.abs(minutesEast), hours = Math.floor(abs / 60), rest = abs % 60;
    return 'UTC' + (minutesEast > 0 ? '+' : '\\u2212') + hours + (rest ? ':' + String(rest).padStart(2, '0') : '');
  }
  function render() {
    var utc = mode() === 'utc';
    var options = Object.assign({}, STYLE, utc ? { timeZone: 'UTC' } : {});
    var format = new Intl.DateTimeFormat(undefined, options);
    var times = document.querySelectorAll('time[datetime]');
    for (var i = 0; i < times.length; i++) {
      var at = new Date(times[i].getAttribute('datetime'));
      if (!isNaN(at.getTime())) times[i].textContent = format.format(at);
    }
    if (note) note.textContent = utc ? 'Times in UTC' : 'Times in ' + new Intl.DateTimeFormat().resolvedOptions().timeZone + ' (' + offsetLabel(-new Date().getTimezoneOffset()) + ')';
    if (box) box.checked = utc;
  }
  if (control && box) {
    control.hidden = false;
    box.addEventListener('change', function () {
      try { localStorage.setItem(KEY, box.checked ? 'utc' : 'local'); } catch (e) { /* this visit only */ }
      render();
    });
  }
  render();
})();
`;

const VERSION = createHash('sha256').update(LOCAL_TIME_SCRIPT).digest('hex').slice(0, 12);

export const LOCAL_TIME_ROUTE = '/status/_static/local-time.js';
export const LOCAL_TIME_PATH = `${LOCAL_TIME_ROUTE}?v=${VERSION}`;
