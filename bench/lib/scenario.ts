import type { IcmpRunResult } from './icmp-run';
import type { BenchOptions, ScenarioName } from './options';
import type { ExtraTable, Row } from './report';

/** What scenarios share within one `npm run bench`. */
export interface ScenarioContext {
  options: BenchOptions;
  /** The icmp-10k run, its data folder kept for bytes-per-run and restart. */
  icmpRun: IcmpRunResult | null;
}

export interface ScenarioOutcome {
  rows: Row[];
  tables?: ExtraTable[];
  notes?: string[];
  /** Not run, and why. */
  skipped?: string;
}

export interface Scenario {
  name: ScenarioName;
  title: string;
  description(options: BenchOptions): string;
  run(ctx: ScenarioContext): Promise<ScenarioOutcome>;
}
