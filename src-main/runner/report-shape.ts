/** The shape of Playwright's JSON reporter output that Sightline reads (the warm runtime writes the same). */

export interface PwError {
  message?: string;
  location?: { file: string; line: number; column: number };
  snippet?: string;
}
export interface PwStep {
  title: string;
  duration: number;
  error?: PwError;
  steps?: PwStep[];
}
export interface PwOutput {
  text?: string;
  buffer?: string;
}
/** A body as the warm runtime keeps it (src-shared MultiStepBody). */
export interface PwBody {
  text?: string;
  bytes?: number;
  truncated?: boolean;
  binary?: boolean;
  omitted?: boolean;
}
/** One API call a test made (recorded by the warm runtime; Playwright's own reporter has none). */
export interface PwRequest {
  method: string;
  url: string;
  /** HTTP status; absent when the call failed before an answer. */
  status?: number;
  durationMs: number;
  /** Bytes of the response body. */
  sizeBytes?: number;
  error?: string;
  requestHeaders?: Record<string, string>;
  requestBody?: PwBody;
  responseHeaders?: Record<string, string>;
  responseBody?: PwBody;
}
export interface PwResult {
  requests?: PwRequest[];
  status: string;
  duration: number;
  errors?: PwError[];
  steps?: PwStep[];
  stdout?: PwOutput[];
  stderr?: PwOutput[];
}
export interface PwSpec {
  title: string;
  tests: { results: PwResult[] }[];
}
export interface PwSuite {
  title: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}
export interface PwReport {
  suites?: PwSuite[];
  errors?: PwError[];
  stats?: { duration?: number };
}
