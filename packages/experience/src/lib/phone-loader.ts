import { useEffect, useState } from 'preact/hooks';

import type * as PhoneCountryModule from '../components/phone-country.js';

/**
 * The phone module (country picker, libphonenumber-js and its metadata) is a chunk of its own: the
 * sign-in page downloads it only where phone numbers are accepted, while the user looks at the form.
 */
export type PhoneModule = typeof PhoneCountryModule;

let loaded: PhoneModule | undefined;
let loading: Promise<PhoneModule> | undefined;

/** Starts (or joins) the download of the phone module; a failed download is tried again next time. */
export const loadPhone = (): Promise<PhoneModule> =>
  (loading ??= import('../components/phone-country.js').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** The phone module once it has been downloaded. */
export const phoneModule = (): PhoneModule | undefined => loaded;

/** Downloads the phone module when `needed`, and renders again once it is there. */
export const usePhone = (needed: boolean): PhoneModule | undefined => {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (needed && !loaded) {
      loadPhone().then(
        () => setVersion((version) => version + 1),
        () => undefined,
      );
    }
  }, [needed]);
  return loaded;
};

/**
 * A stored phone number (digits, country code first) as people read it: `+1 555 123 4567` with the
 * phone module, `+15551234567` until it is there.
 */
export const displayPhone = (digits: string): string => loaded?.formatPhone(digits) ?? `+${digits}`;
