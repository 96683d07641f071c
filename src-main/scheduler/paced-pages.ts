/** Time one page of check plans may take while requests are being answered (issue 29: a deploy's reload must not hold them). */
export const PAGE_BUDGET_MS = 10;
const MIN_PAGE = 25;
/** The first page, before any was timed: small, since a loaded machine plans a check in 0.2–0.5 ms. */
const FIRST_PAGE = 50;

/**
 * Page sizes for reloading checks beside live traffic: starts at FIRST_PAGE, then sizes each page
 * from how long the last one took, so a page stays near PAGE_BUDGET_MS however loaded the machine is.
 */
export class PacedPages {
  private size: number;

  constructor(private readonly max: number) {
    this.size = Math.min(FIRST_PAGE, max);
  }

  get next(): number {
    return this.size;
  }

  /** The page of `count` rows just took `elapsedMs`. */
  took(count: number, elapsedMs: number): void {
    if (count === 0) return;
    const perRow = Math.max(elapsedMs, 0.01) / count;
    this.size = Math.max(MIN_PAGE, Math.min(this.max, Math.floor(PAGE_BUDGET_MS / perRow)));
  }
}
