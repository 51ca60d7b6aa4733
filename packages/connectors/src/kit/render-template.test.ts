import { describe, expect, it } from 'vitest';

import { pickTemplate, renderTemplate, substitutePlaceholders } from './render-template.js';

describe('renderTemplate', () => {
  it('replaces placeholders, with or without inner spaces', () => {
    expect(renderTemplate('Code {{code}} for {{ applicationName }}', { code: '123456', applicationName: 'Portal' })).toBe(
      'Code 123456 for Portal',
    );
  });

  it('renders unknown placeholders empty, including inherited object keys', () => {
    expect(renderTemplate('[{{missing}}][{{constructor}}][{{toString}}]', {})).toBe('[][][]');
  });

  it('leaves text that is not a placeholder alone', () => {
    expect(renderTemplate('{{ 1x }} { {code} } {code}', { code: '1' })).toBe('{{ 1x }} { {code} } {code}');
  });

  it('escapes values in HTML but not the template itself', () => {
    expect(
      renderTemplate('<a href="{{link}}">{{name}}</a>', { link: 'https://x.test/?a=1&b="2"', name: "<O'Neil>" }, 'text/html'),
    ).toBe('<a href="https://x.test/?a=1&amp;b=&quot;2&quot;">&lt;O&#39;Neil&gt;</a>');
  });

  it('does not escape plain text', () => {
    expect(renderTemplate('{{name}}', { name: '<b>&' }, 'text/plain')).toBe('<b>&');
  });

  it('does not expand placeholders inside values', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });
});

describe('substitutePlaceholders', () => {
  it('applies the escape to every value', () => {
    expect(substitutePlaceholders('{{a}}-{{b}}', { a: 'x' }, (value) => `(${value})`)).toBe('(x)-()');
  });
});

describe('pickTemplate', () => {
  const templates = [
    { usageType: 'Generic', content: 'generic' },
    { usageType: 'SignIn', content: 'sign-in' },
  ];

  it('takes the template of the message type, else the Generic one, else none', () => {
    expect(pickTemplate(templates, 'SignIn')?.content).toBe('sign-in');
    expect(pickTemplate(templates, 'ForgotPassword')?.content).toBe('generic');
    expect(pickTemplate([{ usageType: 'SignIn', content: 'sign-in' }], 'Register')).toBeUndefined();
  });
});
