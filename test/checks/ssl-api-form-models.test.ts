import { describe, expect, it } from 'vitest';
import { apiValuesOf, INITIAL_API_FORM_VALUES, toApiCreateBody, validateApiForm } from '../../src-renderer/features/monitors/api-form-model';
import { comparisonsOf, newAssertion, withProperty, withSource } from '../../src-renderer/features/monitors/assertion-model';
import { INITIAL_SSL_FORM_VALUES, SSL_ASSERTION_SPECS, sslValuesOf, toSslCreateBody, validateSslForm } from '../../src-renderer/features/monitors/ssl-form-model';
import { jsonAssertion, jsonPathOf, responseTimeAssertion } from '../../src-renderer/features/monitors/response-assertions';
import { isValidJsonPath, readJsonPath } from '../../src-shared/rules/json-path';
import { SECRET_MASK } from '../../src-shared/rules/secrets';
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

  it('keeps variables and scripts through an edit: a stored secret comes back as "set" and goes out as the mask; a blank script is no script; a bad regex is named by row', () => {
    const stored = {
      ...ApiCheckCreate.parse({ name: 'Orders', request: { method: 'GET', url: 'https://x.test/{{AREA}}' }, localSetupScript: "request.headers['x'] = '1'" }),
      environmentVariables: [
        { key: 'AREA', value: 'eu', locked: true, secret: false },
        { key: 'TOKEN', value: SECRET_MASK, locked: false, secret: true },
      ],
    };
    const values = apiValuesOf(stored);
    expect(values.environmentVariables).toMatchObject([{ key: 'AREA', value: 'eu', secret: false, locked: true }, { key: 'TOKEN', value: '', secret: true, storedSecret: true }]);
    expect(values.localSetupScript).toContain("request.headers['x']");
    const body = toApiCreateBody({ ...values, localTearDownScript: '   ' });
    expect(body.environmentVariables).toEqual([
      { key: 'AREA', value: 'eu', locked: true, secret: false },
      { key: 'TOKEN', value: SECRET_MASK, locked: false, secret: true },
    ]);
    expect(body.localTearDownScript).toBeNull();
    const badRegex = { ...values, assertions: [{ source: 'HEADERS', comparison: 'EQUALS', property: 'content-type', target: 'utf-8', regex: 'charset=(' }] };
    expect(validateApiForm(badRegex).fieldErrors['assertions.0.regex']).toMatch(/not a valid regular expression/);
  });
});

describe('one-click assertions from a response: JSON paths the check can read back', () => {
  it('quotes members the dot form cannot carry and indexes arrays', () => {
    const body = { build: { version: '1.4.2', 'git sha': 'a1', "it's": 2 }, regions: ['eu', 'us'] };
    const cases: [(string | number)[], unknown][] = [
      [['build', 'version'], '1.4.2'],
      [['build', 'git sha'], 'a1'],
      [['regions', 1], 'us'],
      [['build', "it's"], 2],
    ];
    for (const [segments, value] of cases) {
      const path = jsonPathOf(segments);
      expect(path).not.toBeNull();
      expect(isValidJsonPath(path!)).toBe(true);
      expect(readJsonPath(body, path!)).toEqual(value);
    }
    expect(jsonPathOf(['build', "it's"])).toBe(`$.build["it's"]`);
    // A name with both quotes cannot be written in the path language: it is not offered.
    expect(jsonPathOf(['build', `it's "x"`])).toBeNull();
    expect(jsonAssertion('$.maintenance', null)).toMatchObject({ source: 'JSON_BODY', comparison: 'IS_NULL', target: '' });
    expect(responseTimeAssertion(12.3)).toMatchObject({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '100' });
    expect(responseTimeAssertion(480)).toMatchObject({ target: '1000' });
  });
});
