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
export interface PwResult {
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
