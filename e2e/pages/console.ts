import type { Locator, Page } from '@playwright/test';
import type { SightlineServer } from '../fixtures/server';

/** Opens the console at a hash route with the key already accepted for this tab, as after a connect. */
export async function openConnected(page: Page, server: SightlineServer, hashPath: string): Promise<void> {
  await page.addInitScript((key) => window.sessionStorage.setItem('sightline.apiKey', key), server.apiKey);
  await page.goto(`/#${hashPath}`);
}

/** Opens a full link Sightline sent (an alert's RESULT_LINK, an API's checkResultLink) in a tab that holds the key, as after a connect. */
export async function openLinkConnected(page: Page, server: SightlineServer, link: string): Promise<void> {
  await page.addInitScript((key) => window.sessionStorage.setItem('sightline.apiKey', key), server.apiKey);
  await page.goto(link);
}

/** Mantine's Select and MultiSelect: open the dropdown, then pick the option by its label. */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The toast a mutation shows, by its title. */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('alert').filter({ hasText: title });
}
