import { useId, useState } from 'preact/hooks';

import {
  type IdentifierType,
  identifierInputProps,
  isValidIdentifier,
  normalizeIdentifier,
  showsCountryPicker,
} from '../lib/identifier.js';
import { displayPhone, loadPhone, phoneModule, usePhone } from '../lib/phone-loader.js';
import { prefill } from '../lib/prefill.js';
import { useApp } from './app-context.js';
import { Field, type FieldProps } from './form.js';

/**
 * The country picked for a page's phone number (undefined: the default for the language). The
 * choice goes with the user to the next page (sign-in to forgot password, say).
 */
export const usePhoneCountry = () => {
  const [chosen, setChosen] = useState(prefill.country);
  return {
    chosen,
    choose: (country: string) => {
      setChosen(country);
      prefill.country = country;
    },
  };
};

/**
 * The identifier as the API takes it, or undefined when it cannot be one: a phone number in full
 * international form (digits, country code first) from what was typed and the picked country, the
 * rest as `normalizeIdentifier` has it. A phone number needs the phone module (`whenPhoneReady`).
 */
export const toApiIdentifier = (type: IdentifierType, value: string, chosen: string | undefined, language: string): string | undefined => {
  if (type !== 'phone') {
    return isValidIdentifier(type, value) ? normalizeIdentifier(type, value) : undefined;
  }
  const phone = phoneModule();
  if (!phone) {
    return undefined;
  }
  const country = phone.followCountry(value, phone.pickCountry(chosen, language, navigator.language));
  const { digits, possible } = phone.composePhone(value, country);
  return possible ? digits : undefined;
};

/**
 * Whether a phone number can be read now (the phone module is there, or the value is no phone
 * number). Else downloads the module and calls `retry` (the submit again) once it is there.
 */
export const whenPhoneReady = (type: IdentifierType | undefined, retry: () => void, fail: (error: unknown) => void): boolean => {
  if (type !== 'phone' || phoneModule()) {
    return true;
  }
  loadPhone().then(retry, fail);
  return false;
};

type IdentifierFieldProps = Omit<FieldProps, 'prefix' | 'addon'> & {
  /** The identifier types the field accepts: the country picker shows when a phone number is one of them and typed. */
  types: readonly IdentifierType[];
  /** The picked country (`usePhoneCountry`). */
  country: string | undefined;
  onCountry: (country: string) => void;
};

/**
 * A sign-in or sign-up identifier field: username, email or phone number, with the country calling
 * code picker beside it while a phone number is typed (or always, where only phone numbers are
 * accepted). A number typed with `+` or `00` is international, and the picker follows its code.
 */
export const IdentifierField = ({ types, country: chosen, onCountry, value, onValue, ...field }: IdentifierFieldProps) => {
  const { language } = useApp();
  const phone = usePhone(types.includes('phone'));
  const pickerId = `country-${useId()}`;
  const picked = phone?.pickCountry(chosen, language, navigator.language);
  const country = phone && picked && phone.followCountry(value, picked);
  const showPicker = Boolean(phone && country && showsCountryPicker(value, types));
  return (
    <Field
      {...identifierInputProps(types)}
      {...field}
      value={value}
      onValue={(next) => {
        onValue(next);
        // A calling code typed after + picks its country.
        const followed = phone && picked && phone.followCountry(next, picked);
        if (followed && followed !== picked) {
          onCountry(followed);
        }
      }}
      prefix={
        showPicker &&
        phone &&
        country && (
          <phone.CountrySelect
            id={pickerId}
            country={country}
            onCountry={(next) => {
              onCountry(next);
              // An international number takes the new country's code.
              if (phone.isInternational(value)) {
                onValue(phone.switchCountry(value, next));
              }
            }}
          />
        )
      }
    />
  );
};

/**
 * An email address or phone number inside a sentence ("We sent a code to …"): a phone number with
 * its plus in international format, left to right inside right-to-left text too.
 */
export const IdentifierText = ({ identifier }: { identifier: { type: IdentifierType; value: string } }) => {
  usePhone(identifier.type === 'phone');
  return identifier.type === 'phone' ? <bdi dir="ltr">{displayPhone(identifier.value)}</bdi> : <bdi>{identifier.value}</bdi>;
};
