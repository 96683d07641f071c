import { StatusPageInput, type StatusPageTheme, type StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';

export interface CardFormValues {
  /** Only for React keys: a card's id is assigned by the server on every save. */
  key: string;
  name: string;
  serviceIds: string[];
}

export interface PageFormValues {
  name: string;
  url: string;
  customDomain: string;
  defaultTheme: StatusPageTheme;
  /** Public at /status/<url> without a key. */
  published: boolean;
  cards: CardFormValues[];
}

let nextKey = 0;
export function newCard(name = ''): CardFormValues {
  nextKey += 1;
  return { key: `card-${nextKey}`, name, serviceIds: [] };
}

export function initialPageValues(page?: StatusPageView): PageFormValues {
  if (!page) return { name: '', url: '', customDomain: '', defaultTheme: 'AUTO', published: false, cards: [newCard('Services')] };
  return {
    name: page.name,
    url: page.url,
    customDomain: page.customDomain ?? '',
    defaultTheme: page.defaultTheme,
    published: page.published,
    cards: page.cards.map((card) => ({ ...newCard(card.name), serviceIds: card.services.map((service) => service.id) })),
  };
}

/** Members the form does not edit (logo, favicon, redirectTo, isPrivate) are kept from the page being edited. */
export function toPageBody(values: PageFormValues, page?: StatusPageView): StatusPageInput {
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    customDomain: values.customDomain.trim() === '' ? null : values.customDomain.trim(),
    logo: page?.logo ?? null,
    favicon: page?.favicon ?? null,
    redirectTo: page?.redirectTo ?? null,
    defaultTheme: values.defaultTheme,
    isPrivate: page?.isPrivate ?? false,
    published: values.published,
    cards: values.cards.map((card) => ({ name: card.name.trim(), services: card.serviceIds.map((id) => ({ id })) })),
  };
}

const LABELS: Record<string, string> = { name: 'Name', url: 'URL', customDomain: 'Custom domain' };

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, index, member] = path;
  if (head === 'name' || head === 'url' || head === 'customDomain' || head === 'defaultTheme') return head;
  if (head === 'cards' && typeof index === 'number' && member === 'name') return `cards.${index}.name`;
  if (head === 'cards' && typeof index === 'number' && member === 'services') return `cards.${index}.serviceIds`;
  return null;
}

export function validatePageForm(values: PageFormValues, page?: StatusPageView): FormValidation {
  const result = validateWithSchema(StatusPageInput, toPageBody(values, page), fieldForPath, LABELS);
  for (const [field, message] of Object.entries(result.fieldErrors)) {
    if (/^cards\.\d+\.name$/.test(field)) result.fieldErrors[field] = `Card name ${message}`;
  }
  return result;
}
