import type { z } from 'zod';
import type { CheckType } from '../enums';

/** What an agent knows when it sizes its lanes: a type's default capacity may depend on them. */
export interface LaneFacts {
  cores: number;
  /** ICMP runs are batched through fping (else one `ping` process per run). */
  icmpBatched: boolean;
  /** Multi-step runs go to the warm runtime (else one `playwright test` process per run). */
  warmMultiStep: boolean;
}

/** Per-packet figures a type may keep in the result row's own columns rather than in its stored detail. */
export interface RunMetrics {
  packetsSent: number;
  packetsReceived: number;
  latency: { min: number; avg: number; max: number; stdDev: number };
}

/** What a stored result gives back to rebuild a type's payload for the API. */
export interface StoredResultFacts {
  /** The figures of the row's columns (null when the run stored none). */
  metrics: RunMetrics | null;
  /** Every payload of the API carries the run's assertions and its error message. */
  assertions: unknown[];
  requestError: string | null;
}

/** One fact an alert shows about a failing run: "Failing assertion", "Response", "Body", "Certificate". */
export interface EvidenceLine {
  label: string;
  value: string;
}

/**
 * One check type that runs here, as every layer sees it: its public names, schemas, run contract and
 * result. Each `src-shared/check-types/<type>.ts` exports one; `CHECK_TYPE_MODULES` lists them and
 * everything else (routes, lanes, flags, plans, deploys, result payloads, the console's lists) is derived.
 */
export interface CheckTypeModule<
  T extends CheckType = CheckType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Input extends z.ZodType = z.ZodType,
  ResultKey extends string = string,
  Result extends z.ZodType = z.ZodType,
  Api extends z.ZodType = z.ZodType,
  Procedure extends string = string,
> {
  checkType: T;
  /** How a sentence names the type: "ICMP", "traceroute", "multi-step". */
  name: string;
  /** What one check of the type is called after its name: "ICMP monitor", "multi-step check". */
  noun: 'monitor' | 'check';
  /** The article before its name ("an ICMP monitor"). */
  article: 'a' | 'an';
  /**
   * Its public path segment (`/v1/checks/{segment}`, `/v1/checks/{segment}/{id}`), which also names
   * its lane's capacity setting (`--lane-{segment}`, `SIGHTLINE_LANE_{SEGMENT}`).
   */
  segment: string;
  /** Its tRPC procedures: `checks.create{procedure}` and `checks.update{procedure}`. */
  procedure: Procedure;
  /** The create body (also a stored check with a PUT merged over it), the PUT body and the returned shape. */
  create: Create;
  update: Update;
  read: z.ZodObject;
  /** Object members whose named members merge into the stored object on PUT (a monitor's `request`). */
  mergedObjects: readonly string[];
  run: {
    /**
     * Nothing runs it: the server judges it from what reaches it (heartbeats, from their pings). Such a
     * type has no executor, no lane and no scheduled runs; `input` is what the server's judge parses.
     */
    judgedByServer?: true;
    /** What its executor takes, parsed from a stored body: a stored null reads as the default. */
    input: Input;
    /** The run's hard time limit. */
    timeoutMs(input: z.output<Input>): number;
    /** The run gets the account's, group's and check's variables as its `environmentVariables`. */
    takesVariables: boolean;
    /**
     * A check of the type created through the API (not a deploy) runs at once rather than at its first
     * slot: for request/response types, whose runs cost milliseconds and whose users expect an answer
     * as they save. ICMP, traceroute and multi-step keep their first slot (docs/DECISIONS.md).
     */
    firstRunAtCreate?: boolean;
    /**
     * The console's form can send an unsaved check of the type once ("Send now": `console.sendNow`) and
     * show what it got before saving: request/response types, whose one run costs milliseconds.
     */
    sendNow?: boolean;
    /**
     * What the check's group adds to a run (API checks: the group's apiCheckDefaults), merged into the
     * stored body before it is parsed as the executor's input. Without it, the group adds nothing.
     */
    groupDefaults?(group: Record<string, unknown>): Record<string, unknown>;
    /** Its lane's default capacity (runs at once), and how `serve --help` says it. */
    lane: { defaultCapacity(facts: LaneFacts): number; defaultsText: string };
  };
  result: {
    /** Its member of the executor's result and of the API's check result (`icmpCheckResult`). */
    key: ResultKey;
    /** What its executor returns in that member. */
    schema: Result;
    /** What the API returns in that member (nullable: null for other types and runs without one). */
    api: Api;
    /** Its member of the stored result detail, and what of the payload is kept there. */
    detailKey: string;
    toDetail(payload: z.output<Result>): unknown;
    /** Figures kept in the row's columns instead (only ICMP has them). */
    metrics?(payload: z.output<Result>): RunMetrics;
    /** The API's payload, rebuilt from what was stored (`stored` is undefined when the detail has none). */
    fromDetail(stored: unknown, facts: StoredResultFacts): z.output<Api> | null;
    /**
     * What an alert about a failing run shows beside its error, from the API's payload rebuilt from the
     * stored detail: the failing assertion with expected and actual, the response's status and first
     * lines, the certificate's days left (optional: a type without it alerts with its error alone).
     * See `evidence.ts` for the lines types share.
     */
    evidence?(payload: z.output<Api>): EvidenceLine[];
  };
}

/** Keeps a module's literal types (its checkType, result key and procedure name) for the registries. */
export function defineCheckType<
  const T extends CheckType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Input extends z.ZodType,
  const ResultKey extends string,
  Result extends z.ZodType,
  Api extends z.ZodType,
  const Procedure extends string,
>(module: CheckTypeModule<T, Create, Update, Input, ResultKey, Result, Api, Procedure>): CheckTypeModule<T, Create, Update, Input, ResultKey, Result, Api, Procedure> {
  return module;
}

/** "ICMP, traceroute and multi-step". */
export function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "traceroute" → "Traceroute". */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
