import type { Locator, Page } from '@playwright/test';

export class MonitorsPage {
  readonly heading: Locator;
  readonly newIcmpMonitorButton: Locator;
  readonly newTracerouteMonitorButton: Locator;
  readonly newMultiStepCheckButton: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly noMatches: Locator;
  readonly search: Locator;
  readonly typeFilter: Locator;
  readonly tagFilter: Locator;
  readonly deleteDialog: Locator;
  readonly confirmDeleteButton: Locator;
  readonly disconnectButton: Locator;
  readonly groupFilter: Locator;
  /** Managed by code (any project, one project) or by the console only. */
  readonly codeFilter: Locator;
  readonly healthFilter: Locator;
  readonly clearFiltersButton: Locator;
  readonly bulkBar: Locator;
  readonly bulkDeleteDialog: Locator;
  readonly selectAllOnPage: Locator;
  /** The summary a bulk action leaves above the list. */
  readonly summary: Locator;
  readonly pagination: Locator;
  readonly pageSize: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Monitors', exact: true });
    this.newIcmpMonitorButton = main.getByRole('link', { name: 'New ICMP monitor' }).first();
    this.newTracerouteMonitorButton = main.getByRole('link', { name: 'New traceroute monitor' }).first();
    this.newMultiStepCheckButton = main.getByRole('link', { name: 'New multi-step check' }).first();
    this.table = main.getByRole('table', { name: 'Monitors' });
    this.emptyState = main.getByText('No monitors yet — create an ICMP monitor to start watching a host');
    this.noMatches = main.getByText('No monitors match these filters');
    this.search = main.getByRole('searchbox', { name: 'Search monitors' });
    this.typeFilter = main.getByRole('combobox', { name: 'Filter by type' });
    this.tagFilter = main.getByRole('combobox', { name: 'Filter by tag' });
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete monitor' });
    this.confirmDeleteButton = this.deleteDialog.getByRole('button', { name: 'Delete', exact: true });
    this.disconnectButton = page.getByRole('button', { name: 'Sign out' });
    this.groupFilter = main.getByRole('combobox', { name: 'Filter by group' });
    this.codeFilter = main.getByRole('combobox', { name: 'Filter by code or console' });
    this.healthFilter = main.getByRole('group', { name: 'Filter by status' });
    this.clearFiltersButton = main.getByRole('button', { name: 'Clear filters' }).first();
    this.bulkBar = main.getByRole('toolbar', { name: 'Bulk actions' });
    this.bulkDeleteDialog = page.getByRole('dialog', { name: /^Delete \d+ monitors?$/ });
    this.selectAllOnPage = main.getByRole('checkbox', { name: 'Select all monitors on this page' });
    this.summary = main.getByRole('status').filter({ has: page.getByRole('button', { name: 'Dismiss summary' }) });
    this.pagination = main.getByLabel('Monitor pages');
    this.pageSize = main.getByRole('combobox', { name: 'Monitors per page' });
  }

  /** On a phone: the list of cards, one per monitor (named by it). */
  get cards(): Locator {
    return this.page.getByRole('main').getByRole('list', { name: 'Monitors' }).getByRole('listitem');
  }

  card(name: string): Locator {
    return this.page.getByRole('main').getByRole('list', { name: 'Monitors' }).getByRole('listitem', { name, exact: true });
  }

  /** On a phone: the button that unfolds the filters. */
  get filtersButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: /^(Filters|Hide filters)/ });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/monitors');
  }

  /** A monitor's row, by the exact name its link shows. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The body rows, in the order shown. */
  get rows(): Locator {
    return this.table.locator('tbody').getByRole('row');
  }

  /** A row's "Code: <project> · <file>" line, for a monitor a project owns. */
  codeOwner(name: string): Locator {
    return this.row(name).getByTestId('code-owner');
  }

  /** The health badge of a row (Failing, Degraded, Passing, Not run yet, Paused). */
  health(name: string): Locator {
    return this.row(name).locator('[data-health]').first();
  }

  /** The bars of a row's recent-results strip, oldest first; each is named "<time> — <verdict> — <response time>". */
  resultBars(name: string): Locator {
    return this.row(name).getByRole('group', { name: new RegExp(`^Last \\d+ results of `) }).getByRole('img');
  }

  /** A row's response time (the column after the selection checkbox, Status, Name and Last run). */
  responseTime(name: string): Locator {
    return this.row(name).getByRole('cell').nth(4);
  }

  /** A row's 24-hour uptime (the column after the response time). */
  uptime(name: string): Locator {
    return this.row(name).getByRole('cell').nth(5);
  }

  /** When a row's monitor last ran, as the list words it ("just now", "12 s ago"). */
  lastRun(name: string): Locator {
    return this.row(name).locator('time');
  }

  /** The checkbox of a health chip of the status filter, e.g. "Failing". */
  healthCheckbox(label: string): Locator {
    return this.healthFilter.getByRole('checkbox', { name: new RegExp(label) });
  }

  /** The selection checkboxes of the list (none for a key that may not change monitors). */
  get selectionCheckboxes(): Locator {
    return this.table.getByRole('checkbox');
  }

  /** A numbered button of the pagination. */
  pageButton(page: number): Locator {
    return this.pagination.getByRole('button', { name: String(page), exact: true });
  }

  /** The monitors the bulk-delete dialog names. */
  get bulkDeleteNames(): Locator {
    return this.bulkDeleteDialog.getByRole('list', { name: 'Monitors to delete' }).getByRole('listitem');
  }

  get bulkDeleteCancel(): Locator {
    return this.bulkDeleteDialog.getByRole('button', { name: 'Cancel' });
  }

  /** The dialog's confirm button, e.g. "Delete 2 monitors". */
  bulkDeleteConfirm(count: number): Locator {
    return this.bulkDeleteDialog.getByRole('button', { name: `Delete ${count} monitors` });
  }

  /** A row action ("Delete", "Edit", "Run … now"), by its full accessible name. */
  rowAction(name: string, label: string): Locator {
    return this.row(name).getByRole('button', { name: label, exact: true });
  }

  /** Hovers a disabled row action, whose tooltip says why it is disabled (a disabled button gets no pointer events itself). */
  async hoverDeniedAction(name: string, label: string): Promise<Locator> {
    await this.rowAction(name, label).locator('..').hover();
    return this.page.getByRole('tooltip');
  }

  /** A health chip of the status filter, e.g. "Failing" (its label also shows the count). */
  healthChip(label: string): Locator {
    return this.healthFilter.locator('label', { hasText: label });
  }

  async select(...names: string[]): Promise<void> {
    for (const name of names) await this.row(name).getByRole('checkbox', { name: `Select ${name}` }).check();
  }

  /** A button of the bulk actions bar: Activate, Pause, Mute, Unmute, Delete…, Clear selection. */
  bulkButton(label: string): Locator {
    return this.bulkBar.getByRole('button', { name: label, exact: true });
  }

  /** "Move to group…" (picker "Group") or "Subscribe to channel…" (picker "Alert channel"): picks the option and applies it. */
  async bulkPick(opener: string, picker: 'Group' | 'Alert channel', option: string): Promise<void> {
    await this.bulkButton(opener).click();
    const select = this.page.getByRole('combobox', { name: picker, exact: true });
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('button', { name: /^(Move|Subscribe) \d+ monitors?$/ }).click();
  }

  /** Whether the table is wider than its box, so some columns are reached only by scrolling sideways. */
  tableScrollsSideways(): Promise<boolean> {
    return this.table.evaluate((table) => {
      const box = table.closest('.mantine-Table-scrollContainer') ?? table.parentElement;
      return box !== null && box.scrollWidth > box.clientWidth;
    });
  }

  async sortBy(column: 'status' | 'name' | 'last run' | 'created'): Promise<void> {
    await this.table.getByRole('button', { name: `Sort by ${column}` }).click();
  }

  async delete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Delete ${name}` }).click();
    await this.confirmDeleteButton.click();
  }

  /** Opens the monitor's page from its name in the list. */
  async openMonitor(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
  }

  async edit(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name: `Edit ${name}` }).click();
  }

  async runNow(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Run ${name} now` }).click();
  }

  activeSwitch(name: string): Locator {
    return this.row(name).getByRole('switch', { name: `Active: ${name}` });
  }
}
