import { describe, expect, it } from 'vitest';
import { applyTemplate, INITIAL_MULTI_STEP_FORM_VALUES, validateMultiStepForm } from '../../src-renderer/features/monitors/multistep-form-model';
import { multiStepTemplate } from '../../src-shared/rules/multistep-templates';

describe('starting a multi-step check from a template', () => {
  const blank = multiStepTemplate('blank');
  const oneRequest = multiStepTemplate('one-request');
  const login = multiStepTemplate('login-then-call');

  it('fills in the script and adds its variables empty, the password as a secret', () => {
    const values = applyTemplate({ ...INITIAL_MULTI_STEP_FORM_VALUES, name: 'Orders API' }, blank, login);
    expect(values.name).toBe('Orders API');
    expect(values.script).toBe(login.script);
    expect(values.environmentVariables.map((item) => [item.key, item.value, item.secret])).toEqual([
      ['API_BASE', '', false],
      ['API_USER', '', false],
      ['API_PASSWORD', '', true],
    ]);
  });

  it('refuses to save until each variable the template needs has a value, naming it', () => {
    const values = applyTemplate({ ...INITIAL_MULTI_STEP_FORM_VALUES, name: 'Orders API' }, blank, login);
    expect(validateMultiStepForm(values).fieldErrors).toMatchObject({
      'environmentVariables.0.value': 'Fill in API_BASE: the script reads it',
      'environmentVariables.2.value': 'Fill in API_PASSWORD: the script reads it',
    });
    const filled = { ...values, environmentVariables: values.environmentVariables.map((item) => ({ ...item, value: 'x' })) };
    expect(validateMultiStepForm(filled).fieldErrors).toEqual({});
  });

  it('switching templates drops the variables the previous one added and left empty, and keeps what was filled in', () => {
    const withLogin = applyTemplate(INITIAL_MULTI_STEP_FORM_VALUES, blank, login);
    const filled = {
      ...withLogin,
      environmentVariables: [...withLogin.environmentVariables.map((item) => (item.key === 'API_BASE' ? { ...item, value: 'http://127.0.0.1:8080' } : item)), { key: 'MINE', value: '1', secret: false }],
    };
    const values = applyTemplate(filled, login, oneRequest);
    expect(values.script).toBe(oneRequest.script);
    expect(values.environmentVariables.map((item) => [item.key, item.value])).toEqual([
      ['API_BASE', 'http://127.0.0.1:8080'],
      ['MINE', '1'],
    ]);
  });
});
