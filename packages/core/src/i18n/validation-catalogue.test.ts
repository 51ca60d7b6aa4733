import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { builtInConnectors } from '@gatehouse/connectors';
import * as schemas from '@gatehouse/schemas';
import { supportedLocales } from '@gatehouse/schemas';
import { matchValidationMessage, validationMessages } from '@gatehouse/schemas/validation-messages';
import { validationPhrasesByLocale } from '@gatehouse/schemas/validation-messages/all';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { repoRoot, sourceFiles } from '../../test/setup/source-files.js';
import { entityNames, translateEntity } from './entities.js';
import { translateIssue, translateMessage } from './index.js';


const sources = ['packages/schemas/src', 'packages/core/src', 'packages/connectors/src']
  .flatMap((dir) => sourceFiles(join(repoRoot, dir)))
  .filter((path) => !/i18n[/\\]errors[/\\]|validation-messages[/\\]/.test(path))
  .map((path) => ({ path: path.slice(repoRoot.length), text: readFileSync(path, 'utf8') }));

/** Texts that look like messages in the sources but are none of the validation messages. */
const notValidationMessages = new Set(['Only the default tenant is supported in OSS.']);

/**
 * Every message literal the sources write: `message: '…'`, `.regex(pattern, '…')` and
 * `.refine(check, '…')`, and `…Message = '…'` constants. In a template literal, each `${…}`
 * stands for a value filled in at run time.
 */
const messageLiterals = () => {
  const patterns = [
    /\bmessage:\s*(['`])((?:\\.|(?!\1)[^\\])*)\1/g,
    /\.(?:regex|refine)\([^\n]*,\s*(['`])((?:\\.|(?!\1)[^\\])*)\1\s*\)/g,
    /\w+Message\s*=\s*(['`])((?:\\.|(?!\1)[^\\])*)\1/g,
  ];
  return sources.flatMap(({ path, text }) =>
    patterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((match) => ({ path, message: match[2]!.replaceAll(/\\(.)/g, '$1').replaceAll(/\${[^}]*}/g, 'X') })),
    ),
  );
};

/** Custom messages inside zod schemas: each check's own message (`.refine`, `.regex`, …). */
const schemaMessages = (roots: unknown[]) => {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || seen.has(node) || depth > 60) {
      return;
    }
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (def) {
      if (typeof def.error === 'function') {
        const message: unknown = (def.error as (issue: unknown) => unknown)({ code: 'custom', input: undefined, path: [] });
        const text = typeof message === 'string' ? message : (message as { message?: unknown } | undefined)?.message;
        if (typeof text === 'string') {
          found.add(text);
        }
      }
      for (const [key, value] of Object.entries(def)) {
        if (key === 'getter' && typeof value === 'function') {
          visit((value as () => unknown)(), depth + 1);
        } else {
          visit(value, depth + 1);
        }
      }
      return;
    }
    for (const value of Array.isArray(node) ? node : Object.values(node)) {
      visit(value, depth + 1);
    }
  };
  roots.forEach((root) => visit(root, 0));
  return found;
};

describe('the validation message catalogue', () => {
  it('knows every custom message the sources write', () => {
    const literals = messageLiterals();
    expect(literals.length).toBeGreaterThan(70);
    const unknown = literals.filter(({ message }) => !notValidationMessages.has(message) && !matchValidationMessage(message));
    expect(unknown, 'add these to packages/schemas/src/validation-messages/en.ts (and every locale)').toEqual([]);
  });

  it('knows every custom message inside the schemas and the connectors’ config guards', () => {
    const found = schemaMessages([
      Object.values(schemas).filter((value) => value instanceof z.ZodType),
      builtInConnectors.map((connector) => connector.metadata.configGuard),
    ]);
    expect(found.size).toBeGreaterThan(40);
    const unknown = [...found].filter((message) => !matchValidationMessage(message));
    expect(unknown).toEqual([]);
  });

  it('has no entry that nothing uses', () => {
    const literals = new Set(messageLiterals().map(({ message }) => matchValidationMessage(message)?.key));
    const unused = Object.keys(validationMessages).filter((key) => !literals.has(key as never));
    expect(unused).toEqual([]);
  });
});

describe('translateIssue', () => {
  it('translates a custom message of the catalogue, whatever the issue code', () => {
    expect(translateIssue('de', { code: 'custom', message: 'Must be an absolute http(s) URL.', input: 'x', path: [] })).toBe(
      'Muss eine absolute http(s)-URL sein.',
    );
    const regex = schemas.signInExperienceColorSchema.shape.primaryColor.safeParse('blue', { reportInput: true });
    const issue = regex.error!.issues[0]!;
    expect(issue.code).toBe('invalid_format');
    expect(translateIssue('de', issue as never)).toBe(validationPhrasesByLocale.de['color.hex']);
    expect(translateIssue('en', issue as never)).toBe('Must be # plus 3 or 6 hex digits.');
  });

  it('keeps a custom message it does not know, rather than zod’s generic text', () => {
    const parsed = z.string().regex(/^a$/, 'Needs an a.').safeParse('b', { reportInput: true });
    expect(translateIssue('fr', parsed.error!.issues[0] as never)).toBe('Needs an a.');
    expect(translateIssue('fr', { code: 'custom', message: 'Something else.', input: 1, path: [] })).toBe('Something else.');
  });

  it('uses zod’s locales for zod’s own messages', () => {
    const parsed = z.string().min(3).safeParse('ab', { reportInput: true });
    const message = translateIssue('de', parsed.error!.issues[0] as never);
    expect(message).not.toBe(parsed.error!.issues[0]!.message);
    expect(message).toContain('3');
    const pattern = z.string().regex(/^a$/).safeParse('b', { reportInput: true });
    expect(translateIssue('de', pattern.error!.issues[0] as never)).not.toMatch(/^Invalid string/);
  });

  it('translates the server’s own detail messages', () => {
    for (const locale of supportedLocales) {
      expect(translateMessage(locale, 'Already used by another user.')).toBe(validationPhrasesByLocale[locale]['taken.user']);
    }
  });
});

describe('entity names', () => {
  it('covers every entity the server names in entity.not_found', () => {
    const named = new Set(
      sources.flatMap(({ text }) => [
        ...[...text.matchAll(/notFound\(\s*'([^']+)'/g)].map((match) => match[1]!),
        ...[...text.matchAll(/\bentity: '([^']+)'/g)].map((match) => match[1]!),
      ]),
    );
    expect(named.size).toBeGreaterThan(15);
    expect([...named].filter((name) => !(entityNames as string[]).includes(name))).toEqual([]);
  });

  it('translates them, and keeps an unknown name as given', () => {
    expect(translateEntity('de', 'connector factory')).toBe('Der Konnektor-Typ');
    expect(translateEntity('en', 'connector factory')).toBe('connector factory');
    expect(translateEntity('ja', 'something')).toBe('something');
    for (const locale of supportedLocales.filter((locale) => locale !== 'en')) {
      for (const name of entityNames) {
        expect(translateEntity(locale, name), `${locale} ${name}`).not.toBe(name);
      }
    }
  });
});
