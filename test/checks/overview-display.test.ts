import { describe, expect, it } from 'vitest';
import { formatResponseUs, formatUptime, relativeTime } from '../../src-renderer/features/monitors/check-display';
import { summariseBulk, type BulkResult } from '../../src-renderer/features/monitors/bulk-summary';
import { monitorListSearch, overviewInput, parseMonitorListParams } from '../../src-renderer/features/monitors/monitor-list-params';

describe('what the Monitors list shows', () => {
  it('keeps sub-millisecond response times and whole milliseconds where that is all there is', () => {
    expect(formatResponseUs(42)).toBe('42 µs');
    expect(formatResponseUs(999)).toBe('999 µs');
    expect(formatResponseUs(4_210)).toBe('4.21 ms');
    expect(formatResponseUs(85_400)).toBe('85.4 ms');
    expect(formatResponseUs(1_500_000)).toBe('1.50 s');
    expect(formatResponseUs(0, false)).toBe('< 1 ms');
    expect(formatResponseUs(12_000, false)).toBe('12 ms');
    expect(formatResponseUs(null)).toBe('—');
  });

  it('never rounds a failure away from the uptime', () => {
    expect(formatUptime(100)).toBe('100%');
    expect(formatUptime((1439 / 1440) * 100)).toBe('99.93%');
    expect(formatUptime(99.9999)).toBe('99.99%');
    expect(formatUptime(0)).toBe('0%');
    expect(formatUptime(null)).toBe('—');
  });

  it('words the last run relative to now', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const ago = (ms: number) => relativeTime(new Date(now - ms).toISOString(), now);
    expect(ago(3_000)).toBe('just now');
    expect(ago(42_000)).toBe('42 s ago');
    expect(ago(5 * 60_000 + 10_000)).toBe('5 min ago');
    expect(ago(3 * 3_600_000)).toBe('3 h ago');
    expect(ago(2 * 86_400_000)).toBe('2 d ago');
  });

  it('round-trips its view through the URL, leaving defaults out and ignoring what it does not know', () => {
    const params = parseMonitorListParams(new URLSearchParams('q=edge&health=degraded,failing,bogus&type=ICMP&tag=a&tag=b&group=none&sort=name&order=desc&page=3&size=100'));
    expect(params).toEqual({ search: 'edge', health: ['degraded', 'failing'], checkType: 'ICMP', tags: ['a', 'b'], group: 'none', managed: null, sort: 'name', order: 'desc', page: 3, pageSize: 100 });
    expect(monitorListSearch(params).toString()).toBe('q=edge&health=failing%2Cdegraded&type=ICMP&tag=a&tag=b&group=none&sort=name&order=desc&page=3&size=100');
    expect(overviewInput(params)).toEqual({ page: 3, limit: 100, search: 'edge', health: ['degraded', 'failing'], checkType: 'ICMP', tags: ['a', 'b'], groupId: null, sort: 'name', order: 'desc' });

    const defaults = parseMonitorListParams(new URLSearchParams('sort=uptime&type=FTP&page=-2&size=7&group=x'));
    expect(defaults).toMatchObject({ sort: 'health', order: 'asc', checkType: null, page: 1, pageSize: 25, group: null });
    expect(monitorListSearch(defaults).toString()).toBe('');
    expect(monitorListSearch({ ...defaults, sort: 'lastRun', order: 'desc' }).toString()).toBe('sort=lastRun');
  });

  it('sums up a bulk action, naming each monitor that could not be changed and why', () => {
    const result: BulkResult = {
      action: 'pause',
      done: 12,
      unchanged: 2,
      failed: 1,
      items: [{ id: 'gone', name: null, outcome: 'failed', error: 'no monitor with this id in this account' }],
    };
    expect(summariseBulk(result, new Map([['gone', 'Edge router']]))).toEqual({
      title: 'Paused 12 monitors; 2 were already paused; 1 could not be paused: Edge router — no monitor with this id in this account',
      failures: [],
      color: 'yellow',
    });
    const moved = summariseBulk({ action: 'moveToGroup', done: 1, unchanged: 0, failed: 0, items: [] }, new Map(), 'to Core');
    expect(moved).toEqual({ title: 'Moved 1 monitor to Core', failures: [], color: 'teal' });
    const none = summariseBulk(
      {
        action: 'delete',
        done: 0,
        unchanged: 0,
        failed: 2,
        items: [
          { id: 'a', name: 'A', outcome: 'failed', error: 'x' },
          { id: 'b', name: 'B', outcome: 'failed', error: 'y' },
        ],
      },
      new Map(),
    );
    expect(none).toEqual({ title: '2 monitors could not be deleted', failures: ['A — x', 'B — y'], color: 'red' });
    const already = summariseBulk({ action: 'mute', done: 0, unchanged: 1, failed: 0, items: [] }, new Map());
    expect(already.title).toBe('1 monitor was already muted');
  });
});
