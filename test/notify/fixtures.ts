import { resolveDeliverySettings, type DeliverySettingsInput } from '../../src-main/notify/settings';
import type { AlertEvent, DeliverySettings, ProviderDeps } from '../../src-main/notify/types';

export const NOW = new Date('2026-03-01T12:00:05.000Z');
export const deps: ProviderDeps = { now: () => NOW };

export function alertEvent(overrides: Partial<AlertEvent> = {}): AlertEvent {
  return {
    alertType: 'ALERT_FAILURE',
    checkId: '6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10',
    checkName: 'Home page',
    checkType: 'ICMP',
    checkResultId: 'a2b4c6d8-0000-4000-8000-000000000001',
    resultLink: '/monitors/6f1c9a52-3d0b-4e8a-9b7e-0c2d4f6a8b10/results/a2b4c6d8-0000-4000-8000-000000000001',
    runLocation: 'eu-west-1',
    responseTime: 1234,
    startedAt: '2026-03-01T12:00:00.000Z',
    errorMessage: '100% packet loss',
    tags: ['production', 'web'],
    groupName: 'Public site',
    accountId: '11111111-2222-4333-8444-555555555555',
    notificationId: 'ntf_0001',
    occurredAt: '2026-03-01T12:00:04.000Z',
    ...overrides,
  };
}

export function settings(input: DeliverySettingsInput = {}): DeliverySettings {
  return resolveDeliverySettings({ timeoutMs: 2000, publicBaseUrl: 'http://console.test:4310', ...input });
}
