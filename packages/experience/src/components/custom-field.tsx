import { useId } from 'preact/hooks';

import { type CustomField, type FieldValue } from '../lib/custom-fields.js';
import { t } from '../lib/i18n.js';
import type { PhraseKey } from '../locales/en.js';
import { Field, FieldErrors } from './form.js';

/** Autofill hints for well-known profile names and address or name parts. */
const autoCompletes: Record<string, string> = {
  name: 'name',
  givenName: 'given-name',
  middleName: 'additional-name',
  familyName: 'family-name',
  nickname: 'nickname',
  birthdate: 'bday',
  gender: 'sex',
  website: 'url',
  formatted: 'street-address',
  streetAddress: 'address-line1',
  locality: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country-name',
  locale: 'language',
};

const partPhrases: Record<string, PhraseKey> = {
  formatted: 'address.formatted',
  streetAddress: 'address.street_address',
  locality: 'address.locality',
  region: 'address.region',
  postalCode: 'address.postal_code',
  country: 'address.country',
  givenName: 'fullname.given_name',
  middleName: 'fullname.middle_name',
  familyName: 'fullname.family_name',
};

type Props = {
  field: CustomField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  errors?: string[] | undefined;
  /** Errors per part of an Address or Fullname field. */
  partErrors?: Record<string, string[]> | undefined;
};

/** One custom profile field of the continue page, rendered by its type. */
export const CustomFieldInput = ({ field, value, onChange, errors, partErrors }: Props) => {
  const id = `custom-${useId()}`;
  const label = field.label || field.name;
  const optional = !field.required;
  const common = {
    label,
    optional,
    errors,
    hint: field.description,
    name: field.name,
    required: field.required,
    ...(autoCompletes[field.name] && { autoComplete: autoCompletes[field.name] }),
  };
  const text = typeof value === 'string' ? value : '';
  // The description, read with the select or with the whole group (checkboxes, address, name parts).
  const hint = field.description && (
    <div id={`${id}-hint`} class="hint">
      {field.description}
    </div>
  );
  const describedBy = [field.description ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');

  switch (field.type) {
    case 'Text': {
      return (
        <Field
          {...common}
          type="text"
          value={text}
          onValue={onChange}
          placeholder={field.config.placeholder}
          minLength={field.config.minLength}
          maxLength={field.config.maxLength}
        />
      );
    }
    case 'Number': {
      return (
        // Text, not `type="number"`: a number input drops what it cannot parse ("1e", "1,5") and
        // answers an empty value, so the page would skip or misname the mistake.
        // Digits, sign and decimal point read left to right on a right-to-left page too (`-5`, not `5-`).
        <Field
          {...common}
          type="text"
          dir="ltr"
          inputMode={field.config.minValue !== undefined && field.config.minValue >= 0 ? 'decimal' : 'text'}
          value={text}
          onValue={onChange}
          placeholder={field.config.placeholder}
        />
      );
    }
    case 'Date': {
      const custom = field.config.format === 'custom';
      return (
        <Field
          {...common}
          type={custom ? 'text' : 'date'}
          value={text}
          onValue={onChange}
          placeholder={custom ? field.config.customFormat : field.config.placeholder}
        />
      );
    }
    case 'Url': {
      return (
        // A web address reads left to right on a right-to-left page too (else `https://` shows as `//:https`).
        <Field
          {...common}
          type="url"
          inputMode="url"
          dir="ltr"
          value={text}
          onValue={onChange}
          placeholder={field.config.placeholder ?? 'https://'}
        />
      );
    }
    case 'Regex': {
      return (
        <Field {...common} type="text" value={text} onValue={onChange} placeholder={field.config.placeholder} pattern={field.config.format} />
      );
    }
    case 'Select': {
      return (
        <div class="field">
          <label for={id}>
            {label}
            {optional && <span class="optional"> {t('field.optional')}</span>}
          </label>
          {hint}
          <select
            id={id}
            name={field.name}
            value={text}
            required={field.required}
            onChange={(event) => onChange(event.currentTarget.value)}
            aria-invalid={errors?.length ? 'true' : undefined}
            aria-describedby={describedBy || undefined}
          >
            <option value="">{field.config.placeholder ?? t('field.select_placeholder')}</option>
            {field.config.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldErrors id={`${id}-error`} messages={errors} />
        </div>
      );
    }
    case 'Checkbox': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset class="field group" aria-describedby={describedBy || undefined}>
          <legend>
            {label}
            {optional && <span class="optional"> {t('field.optional')}</span>}
          </legend>
          {hint}
          {field.config.options.map((option, index) => (
            <div class="checkbox-row" key={option.value}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                name={field.name}
                value={option.value}
                checked={chosen.includes(option.value)}
                aria-invalid={index === 0 && errors?.length ? 'true' : undefined}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value),
                  )
                }
              />
              <label for={`${id}-${index}`}>{option.label}</label>
            </div>
          ))}
          <FieldErrors id={`${id}-error`} messages={errors} />
        </fieldset>
      );
    }
    case 'Address':
    case 'Fullname': {
      const parts = typeof value === 'object' && !Array.isArray(value) ? value : {};
      return (
        <fieldset class="field group" aria-describedby={field.description ? `${id}-hint` : undefined}>
          <legend>
            {label}
            {optional && <span class="optional"> {t('field.optional')}</span>}
          </legend>
          {hint}
          {field.config.parts
            .filter((part) => part.enabled)
            .map((part, index) => (
              <Field
                key={part.name}
                label={part.label || (partPhrases[part.name] ? t(partPhrases[part.name]!) : part.name)}
                optional={!part.required}
                name={`${field.name}.${part.name}`}
                type="text"
                value={parts[part.name] ?? ''}
                onValue={(next) => onChange({ ...parts, [part.name]: next })}
                errors={partErrors?.[part.name] ?? (index === 0 ? errors : undefined)}
                {...(autoCompletes[part.name] && { autoComplete: autoCompletes[part.name] })}
              />
            ))}
        </fieldset>
      );
    }
  }
};
