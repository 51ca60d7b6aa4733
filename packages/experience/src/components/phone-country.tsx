import { t } from '../lib/i18n.js';
import { type CountryCode, callingCodeOf, countryOptions, isPhoneCountry } from '../lib/phone.js';
import { useApp } from './app-context.js';

/**
 * The phone module the pages load on demand (`loadPhone` in `src/lib/phone-loader.ts`): the country
 * picker and the number logic with libphonenumber-js and its metadata, kept out of the entry chunk.
 */
export { composePhone, followCountry, formatPhone, isInternational, pickCountry, switchCountry } from '../lib/phone.js';

/**
 * The calling code picker beside a phone number: a native select (keyboard, screen readers, the
 * phone's own picker) listing every country by its name in the page language with its code. It
 * shows the picked country's code (`US +1`) over the select, which takes the clicks and the focus.
 */
export const CountrySelect = ({
  id,
  country,
  onCountry,
}: {
  id: string;
  country: CountryCode;
  onCountry: (country: CountryCode) => void;
}) => {
  const { language } = useApp();
  return (
    <div class="phone-country">
      <label class="visually-hidden" for={id}>
        {t('field.country_code')}
      </label>
      <select
        id={id}
        value={country}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isPhoneCountry(next)) {
            onCountry(next);
          }
        }}
      >
        {countryOptions(language).map((option) => (
          // The mark keeps `+49` left to right after a right-to-left name.
          <option key={option.country} value={option.country}>
            {`${option.name} \u200e+${option.callingCode}`}
          </option>
        ))}
      </select>
      <span class="phone-country-value" aria-hidden="true">
        {`${country} +${callingCodeOf(country)}`}
        <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </span>
    </div>
  );
};
