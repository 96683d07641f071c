import { describe, expect, it } from 'vitest';
import { isSecretKeyValue, maskUrl, redactChannelConfig, SECRET_MASK, unmaskUrl, urlSecretParts } from '../../src-shared/rules/secrets';

describe('which values are secrets, and how they read back', () => {
  it('credential-named or locked headers and parameters are secret; others are not', () => {
    for (const key of ['Authorization', 'proxy-authorization', 'X-Api-Key', 'Cookie', 'Private-Token', 'api_key', 'X-Webhook-Secret', 'password']) {
      expect(isSecretKeyValue({ key }), key).toBe(true);
    }
    for (const key of ['Accept', 'Content-Type', 'X-Team', 'page']) expect(isSecretKeyValue({ key }), key).toBe(false);
    expect(isSecretKeyValue({ key: 'X-Team', locked: true })).toBe(true);
  });

  it('a webhook URL hides its password and credential-named query values; a URL without any is returned as given', () => {
    expect(maskUrl('https://bot:pw@example.com/h?token=t1&x=1&api_key=k2', 'query')).toBe(`https://bot:${SECRET_MASK}@example.com/h?token=${SECRET_MASK}&x=1&api_key=${SECRET_MASK}`);
    expect(maskUrl('HTTPS://Example.com/h?x=1', 'query')).toBe('HTTPS://Example.com/h?x=1');
    expect(maskUrl('not a url', 'query')).toBe('not a url');
    expect(maskUrl('https://hooks.slack.com/services/T/B/X', 'path')).toBe(`https://hooks.slack.com/${SECRET_MASK}`);
    expect(urlSecretParts('https://example.com/h?token=t%201', 'query')).toEqual(['t%201', 't 1']);
  });

  it('a masked URL is filled in from the stored one on the same origin only', () => {
    const stored = 'https://bot:pw@example.com/h?token=t1&x=1';
    expect(unmaskUrl(maskUrl(stored, 'query'), stored, 'query')).toEqual({ url: stored });
    expect(unmaskUrl(`https://bot:${SECRET_MASK}@example.com/new?token=${SECRET_MASK}`, stored, 'query')).toEqual({ url: 'https://bot:pw@example.com/new?token=t1' });
    expect(unmaskUrl(`https://other.example/h?token=${SECRET_MASK}`, stored, 'query')).toHaveProperty('error');
    expect(unmaskUrl(`https://example.com/h?secret=${SECRET_MASK}`, stored, 'query')).toHaveProperty('error');
    expect(unmaskUrl(`https://hooks.slack.com/${SECRET_MASK}`, 'https://hooks.slack.com/services/T/B/X', 'path')).toEqual({ url: 'https://hooks.slack.com/services/T/B/X' });
    expect(unmaskUrl('https://example.com/plain', null, 'query')).toEqual({ url: 'https://example.com/plain' });
  });

  it('redacting a channel config twice changes nothing more', () => {
    const config = { name: 'W', url: 'https://e.example/h?token=t', headers: [{ key: 'Authorization', value: 'Bearer x', locked: false }], webhookSecret: 's' };
    const once = redactChannelConfig('WEBHOOK', config);
    expect(once).toEqual({ name: 'W', url: `https://e.example/h?token=${SECRET_MASK}`, headers: [{ key: 'Authorization', value: SECRET_MASK, locked: false }], webhookSecretSet: true });
    expect(redactChannelConfig('WEBHOOK', once)).toEqual(once);
    expect(redactChannelConfig('OPSGENIE', { name: 'O', apiKey: 'k' })).toEqual({ name: 'O', apiKeySet: true });
    expect(redactChannelConfig('EMAIL', { address: 'a@b.c' })).toEqual({ address: 'a@b.c' });
  });
});
