import { Text } from '@mantine/core';
import type { CSSProperties, MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { resultRoute } from '../../../src-shared/rules/console-links';
import { describeRecentResult, VERDICT_DISPLAY, type RecentResult, type RecentVerdict } from './check-display';

/** How many bars the strip holds; fewer results leave empty slots on the left (newest is always on the right). */
export const STRIP_SLOTS = 30;

interface HeartbeatStripProps {
  checkId: string;
  name: string;
  /** Oldest first. */
  results: readonly RecentResult[];
  /** Whether response times have sub-millisecond precision (ICMP latency). */
  precise: boolean;
  /** Draw the strip as one painted element, without a bar per result (the list's first frame; see MonitorsTable). */
  painted?: boolean;
}

const BAR_WIDTH = 5;
const BAR_GAP = 2;
const BAR_HEIGHT = 20;

// The strip's box (monitors-table.css, .monitor-strip): 30 bars wide, 20 on a laptop-sized window, where the oldest are cut on the left.
// A bar's size and shape are its class (.monitor-strip-bar, BAR_WIDTH × BAR_HEIGHT); only its colour is set here: a page holds
// up to 3,000 bars, and five style properties each were a good part of the list's first render.
/** One style object per verdict, shared by every bar. */
const BAR_STYLES = Object.fromEntries(Object.entries(VERDICT_DISPLAY).map(([verdict, display]) => [verdict, { background: display.color }])) as Record<RecentVerdict, CSSProperties>;

const EMPTY_SLOT_COLOR = 'var(--mantine-color-default-border)';

/** The empty slots as one element: a striped block as wide as the missing bars. */
function emptySlots(count: number): CSSProperties {
  return {
    flex: 'none',
    width: count * (BAR_WIDTH + BAR_GAP) - BAR_GAP,
    height: BAR_HEIGHT,
    background: `repeating-linear-gradient(to right, ${EMPTY_SLOT_COLOR} 0 ${BAR_WIDTH}px, transparent ${BAR_WIDTH}px ${BAR_WIDTH + BAR_GAP}px)`,
  };
}

/**
 * The same bars painted as one gradient: the empty slots' stripes on the left, then one 5 px stop per
 * result in its verdict's colour. No names, titles or clicks: the bars replace it a frame later.
 */
function paintedStrip(verdicts: readonly RecentVerdict[]): CSSProperties {
  const stops: string[] = [];
  const empty = STRIP_SLOTS - verdicts.length;
  for (let slot = 0; slot < STRIP_SLOTS; slot++) {
    const start = slot * (BAR_WIDTH + BAR_GAP);
    const color = slot < empty ? EMPTY_SLOT_COLOR : VERDICT_DISPLAY[verdicts[slot - empty]].color;
    stops.push(`${color} ${start}px ${start + BAR_WIDTH}px`, `transparent ${start + BAR_WIDTH}px ${start + BAR_WIDTH + BAR_GAP}px`);
  }
  return { flex: 'none', width: STRIP_SLOTS * (BAR_WIDTH + BAR_GAP) - BAR_GAP, height: BAR_HEIGHT, background: `linear-gradient(to right, ${stops.join(', ')})` };
}

/**
 * The monitor's last results as coloured bars, oldest left and newest right (as Uptime Kuma's
 * heartbeat bar): green passed, amber degraded, red failed or timed out, grey cancelled or skipped.
 * Each bar names its time, verdict and response time on hover (title) and to screen readers
 * (aria-label); a click opens that result. Plain elements and one click handler per strip: with
 * Mantine boxes, 50 rows of 30 bars took most of the page's render time.
 */
export function MonitorHeartbeatStrip({ checkId, name, results, precise, painted = false }: HeartbeatStripProps) {
  const navigate = useNavigate();
  const shown = results.slice(-STRIP_SLOTS);
  if (shown.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No results yet
      </Text>
    );
  }
  if (painted) {
    return (
      <div role="group" aria-label={`Last ${shown.length} results of ${name}`} className="monitor-strip">
        <span aria-hidden style={paintedStrip(shown.map((result) => result.verdict))} />
      </div>
    );
  }
  const open = (event: MouseEvent<HTMLDivElement>) => {
    const resultId = (event.target as HTMLElement).dataset.resultId;
    if (resultId) void navigate(resultRoute(checkId, resultId));
  };
  return (
    <div role="group" aria-label={`Last ${shown.length} results of ${name}`} className="monitor-strip" onClick={open}>
      {shown.length < STRIP_SLOTS && <span aria-hidden style={emptySlots(STRIP_SLOTS - shown.length)} />}
      {shown.map((result) => {
        const label = describeRecentResult(result, precise);
        return <span key={result.id} role="img" aria-label={label} title={label} className="monitor-strip-bar" data-verdict={result.verdict} data-result-id={result.id} style={BAR_STYLES[result.verdict]} />;
      })}
    </div>
  );
}
