import { describe, expect, it } from 'vitest';
import { apiValuesOf, INITIAL_API_FORM_VALUES, toApiCreateBody, validateApiForm } from '../../src-renderer/features/monitors/api-form-model';
import { comparisonsOf, newAssertion, withProperty, withSource } from '../../src-renderer/features/monitors/assertion-model';
import { INITIAL_SSL_FORM_VALUES, SSL_ASSERTION_SPECS, sslValuesOf, toSslCreateBody, validateSslForm } from '../../src-renderer/features/monitors/ssl-form-model';
import { ApiCheckCreate } from '../../src-shared/schemas/api-check';
import { SslMonitorCreate } from '../../src-shared/schemas/ssl-monitor';

const [certificate, connection] = SSL_ASSERTION_SPECS;

describe('the SSL form offers the SSL assertion grammar: a property from a list, the comparisons of that property', () => {
  it('a new CERTIFICATE row reads daysUntilExpiry with numeric comparisons; picking selfSigned narrows to EQUALS', () => {
    const row = newAssertion(certificate!);
    expect(row).toMatchObject({ source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'EQUALS' });
    expect(comparisonsOf(certificate, 'daysUntilExpiry')).toEqual(['EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'LESS_THAN']);
    expect(withProperty({ ...row, comparison: 'LESS_THAN' }, certificate, 'selfSigned')).toMatchObject({ property: 'selfSigned', comparison: 'EQUALS' });
    // Switching the source to CONNECTION picks one of its own properties.
    expect(withSource(row, connection!)).toMatchObject({ source: 'CONNECTION', property: 'tlsVersion' });
  });

  it('what the form sends is what the API takes, and a bad target is named by row', () => {
    const values = { ...INITIAL_SSL_FORM_VALUES, name: 'Shop', hostname: 'shop.example.com', assertions: [{ ...newAssertion(certificate!), comparison: 'GREATER_THAN', target: '30' }] };
    expect(SslMonitorCreate.safeParse(toSslCreateBody(values)).success).toBe(true);
    expect(validateSslForm(values).fieldErrors).toEqual({});
    const bad = validateSslForm({ ...values, assertions: [{ ...values.assertions[0]!, target: 'soon' }] });
    expect(bad.fieldErrors['assertions.0.target']).toMatch(/number/);
    // A stored monitor reads back into the same values.
    expect(sslValuesOf(SslMonitorCreate.parse(toSslCreateBody(values)))).toMatchObject({ hostname: 'shop.example.com', port: 443, assertions: [{ property: 'daysUntilExpiry', target: '30' }] });
  });
});

describe('the API form builds the request the API takes', () => {
  it('headers, query, body, basic auth and assertions survive a save and a read back', () => {
    const values = {
      ...INITIAL_API_FORM_VALUES,
      name: 'Orders',
      method: 'POST' as const,
      url: 'https://api.example.com/orders',
      headers: [{ key: 'x-token', value: 'abc' }],
      queryParameters: [{ key: 'deep', value: '1' }],
      bodyType: 'JSON' as const,
      body: '{"a":1}',
      basicAuthUsername: 'ops',
      basicAuthPassword: 'pw',
    };
    expect(validateApiForm(values).fieldErrors).toEqual({});
    const stored = ApiCheckCreate.parse(toApiCreateBody(values));
    expect(apiValuesOf(stored)).toMatchObject({ method: 'POST', headers: [{ key: 'x-token', value: 'abc' }], queryParameters: [{ key: 'deep', value: '1' }], body: '{"a":1}', basicAuthUsername: 'ops' });
    expect(validateApiForm({ ...values, url: 'ftp://x' }).fieldErrors.url).toMatch(/http/);
  });
});
