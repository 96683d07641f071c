import type { Locator, Page } from '@playwright/test';

/** The lanes table's columns, in order. */
const LANE_COLUMNS = ['Lane', 'Capacity', 'Running', 'Queued', 'Runs/min', 'Oldest wait', 'Skipped (last hour)', 'Late starts'] as const;
export type LaneColumn = (typeof LANE_COLUMNS)[number];
/** As the table names them: "ICMP", "Traceroute", "Multi-step". */
export type LaneLabel = 'ICMP' | 'Traceroute' | 'Multi-step';

export class AgentPage {
  readonly embeddedAgent: Locator;
  readonly locationsTable: Locator;
  readonly newLocationButton: Locator;
  readonly newLocationForm: Locator;
  readonly keyDialog: Locator;
  readonly revokeDialog: Locator;
  readonly lanes: Locator;
  readonly laneHeaders: Locator;
  readonly saturatedAlert: Locator;
  readonly icmpMode: Locator;
  readonly fpingMissingAlert: Locator;
  readonly sandboxNote: Locator;
  readonly notIsolatedAlert: Locator;
  readonly main: Locator;
  readonly newLocationName: Locator;
  readonly newLocationSlug: Locator;
  readonly createLocationButton: Locator;
  readonly cancelNewLocationButton: Locator;
  readonly agentKey: Locator;
  readonly agentCommand: Locator;
  readonly copyKeyButton: Locator;
  readonly keyDoneButton: Locator;
  readonly confirmRevokeButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.main = main;
    this.embeddedAgent = main.getByRole('region', { name: 'Embedded agent' });
    this.locationsTable = main.getByRole('table', { name: 'Private locations' });
    this.newLocationButton = main.getByRole('button', { name: 'New private location' }).first();
    this.newLocationForm = page.getByRole('form', { name: 'New private location' });
    this.keyDialog = page.getByRole('dialog', { name: 'New agent key' });
    this.revokeDialog = page.getByRole('dialog', { name: 'Revoke agent key' });
    this.lanes = this.embeddedAgent.getByRole('table', { name: 'Execution lanes' });
    this.laneHeaders = this.lanes.getByRole('columnheader');
    this.saturatedAlert = this.embeddedAgent.getByRole('alert').filter({ hasText: 'Runs are being skipped' });
    this.icmpMode = this.embeddedAgent.getByText('ICMP runs are batched through fping');
    this.fpingMissingAlert = this.embeddedAgent.getByRole('alert').filter({ hasText: 'fping is not installed' });
    this.sandboxNote = this.embeddedAgent.getByText('Multi-step scripts run in a bubblewrap sandbox');
    this.notIsolatedAlert = this.embeddedAgent.getByRole('alert').filter({ hasText: 'Multi-step scripts are not isolated' });
    this.newLocationName = this.newLocationForm.getByRole('textbox', { name: 'Name' });
    this.newLocationSlug = this.newLocationForm.getByRole('textbox', { name: 'Slug' });
    this.createLocationButton = this.newLocationForm.getByRole('button', { name: 'Create location' });
    this.cancelNewLocationButton = this.newLocationForm.getByRole('button', { name: 'Cancel' });
    this.agentKey = this.keyDialog.getByLabel('Agent key');
    this.agentCommand = this.keyDialog.getByLabel('Agent command');
    this.copyKeyButton = this.keyDialog.getByRole('button', { name: 'Copy key' });
    this.keyDoneButton = this.keyDialog.getByRole('button', { name: 'Done' });
    this.confirmRevokeButton = this.revokeDialog.getByRole('button', { name: 'Revoke key' });
  }

  async createLocation(name: string, slugName: string): Promise<void> {
    await this.newLocationButton.click();
    await this.newLocationName.fill(name);
    await this.newLocationSlug.fill(slugName);
    await this.createLocationButton.click();
  }

  /** The key the dialog shows once, as text. */
  async shownKey(): Promise<string> {
    return (await this.agentKey.textContent())?.trim() ?? '';
  }

  /** The badge of a location's row saying how many agents are online, e.g. "0 agents online". */
  agentsOnline(locationName: string, count: number): Locator {
    return this.row(locationName).getByLabel(`${count} agents online`);
  }

  /** The row's button that opens (and counts) the location's keys. */
  keysButton(locationName: string): Locator {
    return this.row(locationName).getByRole('button', { name: `Keys of ${locationName}` });
  }

  /** The masked keys of a location, header row included. */
  keyRows(locationName: string): Locator {
    return this.keysPanel(locationName).getByRole('table', { name: 'Agent keys' }).getByRole('row');
  }

  revokeKeyButton(locationName: string): Locator {
    return this.keysPanel(locationName).getByRole('button', { name: /^Revoke / });
  }

  row(text: string): Locator {
    return this.locationsTable.getByRole('row').filter({ hasText: text });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/agent');
  }

  /** The row of one lane, by the name the table shows. */
  laneRow(lane: LaneLabel): Locator {
    return this.lanes.getByRole('row').filter({ has: this.page.getByRole('cell', { name: lane, exact: true }) });
  }

  laneCell(lane: LaneLabel, column: LaneColumn): Locator {
    return this.laneRow(lane).getByRole('cell').nth(LANE_COLUMNS.indexOf(column));
  }

  keysPanel(locationName: string): Locator {
    return this.page.getByRole('region', { name: `Keys of ${locationName}` });
  }
}
