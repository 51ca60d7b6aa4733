/**
 * Error messages of the HTTP API, by stable error code. Every other locale file must have exactly
 * these keys (the type checker enforces it). `{{name}}` placeholders are filled from error params.
 */
export const en = {
  'guard.invalid_input': 'The request is invalid: {{summary}}',
  'guard.invalid_json': 'The request body is not valid JSON.',
  'guard.unsupported_media_type': 'Content type "{{contentType}}" is not supported here. Send application/json.',
  'guard.body_too_large': 'The request body is larger than the {{limit}} bytes allowed.',
  'guard.page_out_of_range': 'Page {{page}} is beyond the last page ({{lastPage}}).',
  'route.not_found': 'No route matches {{method}} {{url}}.',
  'entity.not_found': 'The {{entity}} "{{id}}" does not exist.',
  'auth.authorization_header_missing': 'The Authorization header is missing.',
  'auth.authorization_type_not_supported': 'Only Bearer access tokens are accepted.',
  'auth.invalid_token': 'The access token is invalid, expired, or was issued for another tenant or API.',
  'auth.insufficient_scope': 'Insufficient permissions.',
  'tenant.not_found': 'The tenant "{{tenantId}}" does not exist.',
  'tenant.not_supported_in_oss': 'Only the default tenant is supported in OSS.',
  'application.invalid_for_type': 'The application settings do not fit its type: {{summary}}',
  'application.secret_name_exists': 'This application already has a secret named "{{name}}".',
  'application.secret_expiry_in_past': 'The expiry time must be in the future.',
  'application.not_a_confidential_client': '{{type}} applications are public clients and have no secrets.',
  'resource.indicator_exists': 'An API resource with the indicator "{{indicator}}" already exists.',
  'resource.built_in_read_only': 'The management API resource is built in and cannot be changed or deleted.',
  'scope.name_exists': 'This API resource already has a permission named "{{name}}".',
  'role.name_exists': 'A role named "{{name}}" already exists.',
  'role.built_in_read_only': 'The management role is built in: it cannot be renamed, deleted or given other permissions.',
  'role.not_machine_to_machine': 'Role "{{name}}" is a User role: only MachineToMachine roles can be assigned to applications.',
  'role.default_needs_user_type': 'Only User roles can be default roles: default roles are given to new users.',
  'application.not_machine_to_machine': 'Application "{{name}}" is not a machine-to-machine application: only those hold roles.',
  'user.username_already_in_use': 'The username "{{value}}" is already in use.',
  'user.email_already_in_use': 'The email address "{{value}}" is already in use.',
  'user.phone_already_in_use': 'The phone number "{{value}}" is already in use.',
  'user.password_mismatch': 'The password is not correct.',
  'user.no_password': 'This user has no password.',
  'user.identity_in_use': 'The {{target}} identity "{{userId}}" is already linked to another user.',
  'user.mfa_verification_exists': 'This user already has a {{type}} verification.',
  'user.mfa_needs_identifier': 'A {{type}} verification needs the user to have a {{field}}.',
  'user.backup_code_needs_other_factor': 'Backup codes are a fallback: add another MFA factor first.',
  'role.not_user_type': 'Role "{{name}}" is a MachineToMachine role: only User roles can be assigned to users.',
  'oidc_key.cannot_delete_current': 'The current key signs new tokens and cannot be deleted. Rotate first.',
  'request.internal_error': 'Something went wrong on our side. It has been logged with request id {{requestId}}.',
  'request.service_unavailable': 'The service is shutting down or not ready. Try again shortly.',
} as const;

export type ErrorCode = keyof typeof en;
export type ErrorPhrases = Record<ErrorCode, string>;
