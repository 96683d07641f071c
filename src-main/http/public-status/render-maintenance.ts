import { MAINTENANCE_LOOKAHEAD_DAYS, type PublicMaintenance } from '../../services/status-pages';
import { esc, time } from './html';

function renderOne(m: PublicMaintenance): string {
  const services = m.services.length > 0 ? ` · Affects ${esc(m.services.join(', '))}` : '';
  const badge = m.current ? '<span class="badge state-under_maintenance">In progress</span>' : '<span class="badge state-under_maintenance">Scheduled</span>';
  return `<li class="maintenance-item">${badge} ${time(m.startsAt)} – ${time(m.endsAt)}${services}</li>`;
}

/** Current and upcoming maintenance (nothing when there is none): checks are paused then, so outages are not shown as such. */
export function renderMaintenance(maintenance: readonly PublicMaintenance[]): string {
  if (maintenance.length === 0) return '';
  const current = maintenance.filter((m) => m.current);
  const upcoming = maintenance.filter((m) => !m.current);
  const list = (items: PublicMaintenance[], label: string) => (items.length > 0 ? `<h3>${esc(label)}</h3><ul class="maintenance">${items.map(renderOne).join('')}</ul>` : '');
  return [
    '<section class="panel maintenance-panel" aria-labelledby="maintenance">',
    '<h2 id="maintenance">Maintenance</h2>',
    list(current, 'Under maintenance now'),
    list(upcoming, `Scheduled in the next ${MAINTENANCE_LOOKAHEAD_DAYS} days`),
    '</section>',
  ].join('');
}
