import { type TemplateContentType } from './types.js';

const placeholder = /{{\s*([A-Z_a-z][\w.-]*)\s*}}/g;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/["&'<>]/g, (char) => htmlEscapes[char]!);

/** Replaces `{{name}}` placeholders with `escape(value)`; unknown names render empty. */
export const substitutePlaceholders = (
  text: string,
  values: Record<string, string>,
  escape: (value: string) => string = (value) => value,
): string =>
  text.replace(placeholder, (_match, name: string) => escape(Object.hasOwn(values, name) ? String(values[name]) : ''));

/**
 * Renders a message template. In HTML the payload values are escaped, since they may come from
 * users (names, application names).
 */
export const renderTemplate = (
  text: string,
  payload: Record<string, string>,
  contentType: TemplateContentType = 'text/plain',
): string => substitutePlaceholders(text, payload, contentType === 'text/html' ? escapeHtml : undefined);

/** The template for a message type, or else the `Generic` one: one template can serve every purpose. */
export const pickTemplate = <T extends { usageType: string }>(templates: T[], type: string): T | undefined =>
  templates.find((template) => template.usageType === type) ?? templates.find((template) => template.usageType === 'Generic');
