import { expect, type Locator, type Page } from '@playwright/test';
import type { SightlineServer } from '../fixtures/server';

/**
 * Signs the browser (every tab of the page's context) in as the console does: the server checks the
 * key and sets its HttpOnly session cookie. Nothing is put into the page.
 */
export async function signIn(page: Page, server: SightlineServer, apiKey = server.apiKey): Promise<void> {
  const response = await page.context().request.post(`${server.baseURL}/console/session`, { headers: { Authorization: `Bearer ${apiKey}` } });
  expect(response.status(), `signing in answered ${response.status()}: ${await response.text()}`).toBe(201);
}

/** Opens the console at a hash route with the browser already signed in, as after a connect. */
export async function openConnected(page: Page, server: SightlineServer, hashPath: string, apiKey = server.apiKey): Promise<void> {
  await signIn(page, server, apiKey);
  await page.goto(`/#${hashPath}`);
}

/** Opens a full link Sightline sent (an alert's RESULT_LINK, an API's checkResultLink) in a signed-in browser, as after a connect. */
export async function openLinkConnected(page: Page, server: SightlineServer, link: string): Promise<void> {
  await signIn(page, server);
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

/** The console's root element inside the first iframe of another page (absent when the frame was refused). */
export function framedConsoleRoot(framer: Page): Locator {
  return framer.frameLocator('iframe').locator('#root');
}

/** The console's frame: header, navigation, skip link, theme and sign-out, on every page. */
export class ConsoleChrome {
  readonly header: Locator;
  readonly signOutButton: Locator;
  readonly navToggle: Locator;
  readonly navigation: Locator;
  readonly skipLink: Locator;
  readonly main: Locator;
  readonly themeButton: Locator;
  readonly shortcutsDialog: Locator;
  readonly signedInAs: Locator;
  /** The note a page shows when the key may not change what it shows. */
  readonly accessNote: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.signOutButton = this.header.getByRole('button', { name: 'Sign out' });
    this.navToggle = page.getByRole('button', { name: 'Toggle navigation' });
    this.navigation = page.getByRole('navigation', { name: 'Sections' });
    this.skipLink = page.getByRole('link', { name: 'Skip to main content' });
    this.main = page.getByRole('main');
    this.themeButton = this.header.getByRole('button', { name: /^Colour scheme/ });
    this.shortcutsDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.signedInAs = this.header.getByTitle(/^Signed in as /);
    this.accessNote = this.main.getByRole('note');
  }

  /** The sign-out confirmation: it signs out every tab of the browser. */
  get signOutDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Sign out of Sightline?' });
  }

  /** Signs out as a user does: Sign out, then confirm in its dialog. */
  async signOut(): Promise<void> {
    await this.signOutButton.click();
    await this.signOutDialog.getByRole('button', { name: 'Sign out every tab' }).click();
  }

  async chooseTheme(label: 'Light' | 'Dark' | 'Auto (as the system)'): Promise<void> {
    await this.themeButton.click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  /** The scheme Mantine applied to the page: "light" or "dark". */
  colorScheme(): Promise<string | null> {
    return this.page.locator('html').getAttribute('data-mantine-color-scheme');
  }

  /** Whatever page is shown, its own title (the first level-2 heading of the main region). */
  get pageHeading(): Locator {
    return this.main.getByRole('heading', { level: 2 }).first();
  }

  /** Scripts written into the HTML itself, which the CSP's script-src 'self' would block. */
  get inlineScripts(): Locator {
    return this.page.locator('script:not([src])');
  }

  /** The page's own title (level 2: the app's name is the level-1 heading). */
  heading(name: string): Locator {
    return this.main.getByRole('heading', { name, exact: true, level: 2 });
  }

  /** The search field of a list page, which "/" focuses. */
  get search(): Locator {
    return this.main.getByRole('searchbox');
  }

  /** The address of the page's icon (<link rel="icon">). */
  faviconHref(): Promise<string | null> {
    return this.page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? null);
  }

  /** Presses keys one after the other, as a person types a shortcut sequence ("g", then "m"). */
  async pressSequence(...keys: string[]): Promise<void> {
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** A button or link of the page (not of the header or navigation), by its accessible name. */
  action(name: string): Locator {
    return this.main.getByRole('button', { name, exact: true }).or(this.main.getByRole('link', { name, exact: true }));
  }

  navLink(name: string): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  /** Whether the page itself scrolls sideways (anything wider than the viewport outside a scroll box). */
  pageOverflowsHorizontally(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }
}
