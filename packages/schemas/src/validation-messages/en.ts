/**
 * The schemas' custom validation messages, in English, each under a stable key. The text is the
 * one the schemas (and the server's own checks, and the connectors' config guards) write, to the
 * letter: messages are recognized by their text (see `./index.ts`). `{{name}}` stands for a part
 * of a message built at run time (`Duplicate template for ${key}.`); the value is an identifier and
 * is not translated. Every other locale file has the same keys and placeholders (type checker and
 * unit test).
 */
const en = {
  // Shared shapes
  'url.http_absolute': 'Must be an absolute http(s) URL.',
  'url.http_or_empty': 'Must be an http(s) URL or empty.',
  'url.http': 'Must be an http(s) URL.',
  'url.https_or_loopback': 'Must be an https URL (http only on localhost).',
  'url.origin': 'Must be an http(s) origin.',
  'url.absolute_uri': 'Must be an absolute URI without a fragment.',
  'color.hex': 'Must be # plus 3 or 6 hex digits.',
  'email.address': 'Must be an email address.',
  'phone.digits': 'Must contain digits only.',
  'json.max_size': 'Must serialize to at most 64 KiB of JSON.',
  'date.iso': 'Must be a date as YYYY-MM-DD.',
  'date.future': 'Must be in the future.',
  'regex.valid': 'Must be a valid regular expression.',
  'regex.linear_time': 'Must be a regular expression without backreferences or lookaround.',
  'verification_code.format': 'Must be the 6-digit code.',
  'password_policy.types_over_length': 'Must not exceed the maximum length: each character type takes a character.',
  'list.cursor': 'Not a cursor from a previous page of this list.',
  'text.storable': 'Must not contain NUL characters or unpaired surrogates.',
  'text.required': 'Must not be empty.',
  'text.min_length': 'Must be at least {{minimum}} characters.',
  'text.max_length': 'Must be at most {{maximum}} characters.',

  // Duplicates
  'duplicate.entry': 'Contains the same entry twice.',
  'duplicate.identifier': 'Contains the same identifier twice.',
  'duplicate.factor': 'Contains the same factor twice.',
  'duplicate.target': 'Contains the same target twice.',
  'duplicate.option_value': 'Contains the same option value twice.',
  'duplicate.part': 'Contains the same part twice.',
  'parts.none_enabled': 'Turn on at least one part.',
  'duplicate.uri': 'Contains the same URI twice.',
  'duplicate.template': 'Duplicate template for {{template}}.',
  'taken.user': 'Already used by another user.',
  'taken.role': 'Already used by another role.',
  'taken.resource': 'Already used by another API resource.',
  'taken.permission': 'Already used by another permission of this API.',

  // Users
  'user.username': 'Must start with a letter or underscore, then letters, digits or underscores.',
  'user.password_or_digest': 'Give either password or passwordDigest, not both.',
  'user.digest_with_algorithm': 'passwordDigest and passwordAlgorithm go together.',
  'user.identity_target': 'Must be lowercase letters, digits, "-" or "_".',
  'user.totp_secret': 'Must be a base32 key (A–Z, 2–7).',
  'user.backup_code': 'Must be 10 lowercase hex characters.',
  'user.search_control_characters': 'Control characters cannot be searched for.',

  // Applications, resources, consent
  'application.redirect_uri_web': 'Must be an absolute http(s) URL without a fragment (#).',
  'application.redirect_uri_native':
    'Must be a custom-scheme URI (e.g. com.example.app://callback), http on a loopback host, or https on a real host.',
  'application.no_redirect_uris': '{{type}} applications do not use redirect URIs.',
  'application.protected_metadata_required': 'Protected applications need protectedAppMetadata with host, origin and sessionDuration.',
  'application.protected_metadata_not_applicable': 'Only Protected applications take protectedAppMetadata.',
  'application.third_party_types': 'Only {{types}} applications can be third-party.',
  'consent.scope_required': 'Give at least one user scope or resource scope.',
  'scope.name': 'Must not contain spaces, double quotes or backslashes.',

  // Sign-in experience
  'sign_in.identifier_in_one_method': 'Each identifier may appear in one sign-in method only.',
  'sign_in.page_path': 'Must be a page path starting with "/".',
  'sign_in.max_pages': 'At most 64 pages.',
  'sign_in.blocklist_entry': 'Must be an email address or a domain starting with "@".',

  // Custom profile fields
  'profile_field.name': 'Must start with a letter, then letters, digits or underscores.',
  'profile_field.name_reserved': 'This name belongs to a built-in user field.',
  'profile_field.type_built_in': 'This name is kept on the user profile and needs another field type.',
  'profile_field.birthdate_format': 'The birthdate claim is written YYYY-MM-DD: choose the yyyy-MM-dd format.',
  'profile_field.min_length_over_max': 'The minimum length must not exceed the maximum length.',
  'profile_field.min_value_over_max': 'The minimum value must not exceed the maximum value.',
  'profile_field.custom_format': 'A custom format needs a description for users.',
  'profile_field.type_with_config': 'type and config go together.',

  // Connectors and email templates
  'connector.name_en': 'Needs an en entry.',
  'connector.target': 'Must be lowercase letters, digits, "-" or "_", starting with a letter or digit.',
  'connector.id': 'Must be letters, digits, "-" or "_".',
  'connector.logo': 'Must be an http(s) or data:image URL.',
  'connector.no_url': 'Must not contain a URL.',
  'connector.template_query': 'Give languageTag or templateType.',
  'connector.openid_scope': 'Must include openid.',
  'connector.reserved_params': 'May not set {{params}}.',
  'connector.slug': 'Must be lowercase letters, digits and hyphens, starting with a letter.',
  'connector.apple_id': 'Must be the 10-character {{what}}.',
  'connector.apple_private_key': 'Must be a PKCS #8 PEM private key (the .p8 file).',
  'connector.microsoft_tenant': 'Must be common, organizations, consumers or a directory (tenant) ID.',
  'connector.absolute_path': 'Must be an absolute path.',
  'connector.header_name': 'Header names may only hold letters, digits and hyphens.',
  'connector.header_value': 'Header values must be on one line.',
  'connector.twilio_account_sid': 'Must be an Account SID (AC…).',
  'connector.twilio_messaging_service_sid': 'Must be a Messaging Service SID (MG…).',
  'connector.twilio_sender': 'Set exactly one of fromNumber and fromMessagingServiceSID.',
  'connector.twilio_from_number': 'Must be an E.164 number or an alphanumeric sender ID.',
  'connector.json_template': 'Must be JSON, with placeholders inside strings.',
  'connector.metadata_en': 'Needs an `en` entry.',
  'connector.metadata_logo': 'Must be an SVG data URI or an https URL.',
  'connector.metadata_select_items': 'A Select item needs selectItems.',
  'connector.metadata_config_guard': 'Must be a zod schema.',
  'connector.metadata_form_keys': 'Form item keys must be unique.',
  'connector.metadata_language_tag': 'Must be a language tag.',
} as const;

export type ValidationMessageKey = keyof typeof en;
export type ValidationPhrases = Record<ValidationMessageKey, string>;

export default en satisfies ValidationPhrases;
