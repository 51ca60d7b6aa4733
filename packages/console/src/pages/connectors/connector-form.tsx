import { Box, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { connectorCreateSchema, connectorMetadataOverridesSchema, type Connector } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { api, segment } from '../../api/client.js';
import { handleApiError } from '../../api/error-handler.js';
import { useConsole } from '../../app-context.js';
import { CopyBox } from '../../components/copy-box.js';
import { FormError, FormFooter, FormSection } from '../../components/form.js';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.js';
import {
  type ConfigIssue,
  configLabelKeyOf,
  describeConfigSchema,
  type FieldErrors,
  formErrorCodes,
  type FormState,
  type JsonSchema,
  serverDetailPath,
  toConfig,
  toFormState,
  validateConfig,
} from '../../lib/config-form.js';
import { socialCallbackUri, suggestConnectorId } from '../../lib/connectors.js';
import { type ApiErrorBody, detailSummaryCodes, errorOutcome, isConsoleError } from '../../lib/errors.js';
import { describeIssue, localizeMessage, type Translate } from '../../lib/validation-messages.js';
import { UnworkableAlert } from '../sign-in-experience/unworkable-alert.js';
import { ConfigFieldsEditor, useConfigLabels } from './config-fields.js';
import { connectorQueryKeys, type ConnectorFactory } from './queries.js';
import { TestMessage } from './test-message.js';

const translate: Translate = (key, values) => i18next.t(key, values ?? {});

/** Generic factories name their target in the connector's metadata, not in the config. */
const omittedKeys = (factory: ConnectorFactory) => (factory.isStandard ? ['target'] : []);

export const useFactoryFields = (factory: ConnectorFactory) =>
  useMemo(() => describeConfigSchema(factory.configSchema as JsonSchema, omittedKeys(factory)), [factory]);

type SocialState = { id: string; target: string; name: string; syncProfile: boolean; enableTokenStorage: boolean };

const socialState = (factory: ConnectorFactory, connector: Connector | undefined, takenIds: readonly string[]): SocialState => ({
  id: connector?.id ?? suggestConnectorId(factory.target, takenIds),
  target: connector?.metadata.target ?? '',
  name: connector?.metadata.name?.en ?? '',
  syncProfile: connector?.syncProfile ?? false,
  enableTokenStorage: connector?.enableTokenStorage ?? false,
});

/** The config's form problems in the console's language: the schema's issues and the form's own codes. */
const localize = (errors: FieldErrors, t: (key: 'connectors.form.invalid_json' | 'connectors.form.duplicate_key') => string): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([path, code]) => [
      path,
      code === formErrorCodes.invalidJson ? t('connectors.form.invalid_json') : code === formErrorCodes.duplicateKey ? t('connectors.form.duplicate_key') : code,
    ]),
  );

/** Checks the social fields with the schemas the server uses, saying their rules in words. */
const socialErrors = (factory: ConnectorFactory, social: SocialState, creating: boolean): FieldErrors => {
  const errors: FieldErrors = {};
  if (creating) {
    const id = connectorCreateSchema.shape.id.safeParse(social.id || undefined);
    if (!social.id) {
      errors.id = translate('validation.required');
    } else if (!id.success) {
      errors.id = describeIssue(id.error.issues[0] as never, translate);
    }
  }
  if (factory.isStandard) {
    const metadata = connectorMetadataOverridesSchema.safeParse({ target: social.target, name: { en: social.name } });
    for (const issue of metadata.success ? [] : metadata.error.issues) {
      const field = issue.path[0] === 'target' ? 'target' : 'name';
      errors[field] ??= describeIssue(issue as never, translate);
    }
  }
  return errors;
};

/** A config problem found in the browser, in words: the field's own rule, the key inside a JSON value, else zod's issue. */
const configIssueText = (found: ConfigIssue, language: string): string => {
  if (found.message) {
    return localizeMessage(found.message, translate);
  }
  const problem = found.jsonProblem;
  switch (problem?.kind) {
    case 'not_object':
      return i18next.t('connectors.form.json_object');
    case 'missing':
      return i18next.t('connectors.form.json_missing_key', { key: problem.key });
    case 'one_of':
      return i18next.t('connectors.form.json_one_of', {
        key: problem.key,
        values: new Intl.ListFormat(language, { type: 'disjunction' }).format(problem.values.map((value) => `"${value}"`)),
      });
    case 'key':
      return i18next.t('connectors.form.json_key_problem', { key: problem.key, message: describeIssue(problem.issue as never, translate) });
    default:
      return describeIssue(found.issue as never, translate);
  }
};

/** What the form says above its fields about a refused save. */
type FormProblem = { kind: 'unworkable'; body: ApiErrorBody } | { kind: 'message'; title?: string; message?: string; items: string[] };

/** Details whose path is in the connector's config (`config.issuer`, `body.config.templates.0.content`). */
const isConfigDetail = (path: string) => /^(?:body\.)?config(?:\.|$)/.test(path);

/** Server detail paths of the social part (`metadata.target`, `id`) as the form's field names. */
const socialFieldOf = (path: string) =>
  path === 'id' ? 'id' : path.startsWith('metadata.target') ? 'target' : path.startsWith('metadata.name') ? 'name' : undefined;

type Props = {
  factory: ConnectorFactory;
  /** The saved connector when editing; creating otherwise. */
  connector?: Connector;
  /** Ids already taken (to propose a free one for a new social connector). */
  takenIds?: readonly string[];
  /** A new social connector's id as typed (it is part of the callback URI). */
  onConnectorIdChange?: (id: string) => void;
  onSaved: (connector: Connector) => void;
};

/**
 * Creates or edits a connector: the configuration form generated from the factory's JSON
 * Schema, the social settings, and a test message with the unsaved configuration.
 */
export const ConnectorForm = ({ factory, connector, takenIds = [], onConnectorIdChange, onSaved }: Props) => {
  const { t, i18n } = useTranslation();
  const { label } = useConfigLabels();
  const { config: consoleConfig } = useConsole();
  const queryClient = useQueryClient();
  const fields = useFactoryFields(factory);
  const creating = !connector;
  const isSocial = factory.type === 'Social';
  const initialState = useMemo(() => toFormState(fields, connector?.config), [fields, connector]);
  const initialSocial = useMemo(() => socialState(factory, connector, takenIds), [factory, connector, takenIds]);
  const [state, setState] = useState<FormState>(initialState);
  const [social, setSocial] = useState<SocialState>(initialSocial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem>();
  const problemRef = useRef<HTMLDivElement>(null);
  const showProblem = (next: FormProblem | undefined) => {
    setProblem(next);
    if (next) {
      // The save bar sticks to the bottom; the problem is said above the fields.
      window.setTimeout(() => problemRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
    }
  };
  const dirty = JSON.stringify(state) !== JSON.stringify(initialState) || JSON.stringify(social) !== JSON.stringify(initialSocial);

  /** The config to send, or undefined (with the problems shown) when the form has errors. */
  const checkedConfig = (options: { withSocial: boolean }) => {
    const converted = toConfig(fields, state);
    const found: FieldErrors = localize(converted.errors, t);
    for (const issue of validateConfig(factory.configSchema as JsonSchema, fields, converted.config)) {
      found[issue.path] ??= configIssueText(issue, i18n.language);
    }
    if (options.withSocial && isSocial) {
      Object.assign(found, socialErrors(factory, social, creating));
    }
    setErrors(found);
    return Object.keys(found).length > 0 ? undefined : converted.config;
  };

  /**
   * A refused request's problems: each detail on the field that shows it, the others listed by
   * their setting's label. A message that only sums the details up (with their paths) is said
   * in words instead.
   */
  const splitServerProblems = (body: ApiErrorBody): { fieldErrors: FieldErrors; title?: string; message?: string; items: string[] } => {
    const fieldErrors: FieldErrors = {};
    const items: string[] = [];
    const summary = body.code !== undefined && detailSummaryCodes.has(body.code);
    for (const detail of body.details ?? []) {
      const path = detail.path.replace(/^body\./, '');
      const field = serverDetailPath(fields, path) ?? socialFieldOf(path);
      if (field) {
        fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}\n${detail.message}` : detail.message;
        continue;
      }
      const setting = configLabelKeyOf(path);
      const text = setting ? `${label(setting)}: ${detail.message}` : detail.message;
      if (!items.includes(text) && (summary || !body.message.includes(detail.message))) {
        items.push(text);
      }
    }
    const marked = Object.keys(fieldErrors).length > 0;
    return summary
      ? { fieldErrors, title: t('connectors.form.invalid_settings'), ...(marked ? { message: t('connectors.form.see_marked_fields') } : {}), items }
      : { fieldErrors, message: body.message, items };
  };

  const showServerError = (error: unknown) => {
    if (isConsoleError(error) && error.body && errorOutcome(error.problem).action === 'toast') {
      const { body } = error;
      if (body.code === 'sign_in_experience.unworkable') {
        // The sign-in experience depends on this connector as it is (its target, say).
        showProblem({ kind: 'unworkable', body });
        return;
      }
      const conflict = error.code === 'connector.id_exists' ? 'id' : error.code === 'connector.target_exists' ? (factory.isStandard ? 'target' : undefined) : undefined;
      if (conflict) {
        setErrors({ [conflict]: body.message });
        return;
      }
      const { fieldErrors, ...said } = splitServerProblems(body);
      setErrors(fieldErrors);
      showProblem({ kind: 'message', ...said });
      return;
    }
    handleApiError(error);
  };

  /** A test refused for the config's sake: its problems marked on the fields, and what the test should say. */
  const testRefused = (body: ApiErrorBody) => {
    if (!(body.details ?? []).some((detail) => isConfigDetail(detail.path))) {
      return undefined;
    }
    const { fieldErrors, title, message, items } = splitServerProblems(body);
    setErrors(fieldErrors);
    return [title, message, ...items].filter((line) => line !== undefined).join('\n');
  };

  const metadata = () =>
    factory.isStandard ? { target: social.target, name: { ...connector?.metadata.name, en: social.name } } : undefined;

  const factoryName = (saved: Connector) => saved.name.en ?? factory.name.en ?? factory.id;

  const save = useMutation({
    mutationFn: (config: Record<string, unknown>) => {
      const socialPart = isSocial ? { syncProfile: social.syncProfile, enableTokenStorage: social.enableTokenStorage, ...(metadata() ? { metadata: metadata() } : {}) } : {};
      return connector
        ? api.patch<Connector>(`connectors/${segment(connector.id)}`, { config, ...socialPart })
        : api.post<Connector>('connectors', { connectorId: factory.id, ...(isSocial ? { id: social.id } : {}), config, ...socialPart });
    },
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      if (!creating) {
        // The saved config comes back with its secrets masked again.
        setState(toFormState(fields, saved.config));
        setSocial(socialState(factory, saved, takenIds));
      }
      queryClient.setQueryData(connectorQueryKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: connectorQueryKeys.list });
      notifications.show({ color: 'teal', message: creating ? t('connectors.created', { name: factoryName(saved) }) : t('general.saved') });
      onSaved(saved);
    },
    onError: showServerError,
  });

  const submit = () => {
    setProblem(undefined);
    const config = checkedConfig({ withSocial: true });
    if (config) {
      save.mutate(config);
    }
  };

  const discard = () => {
    setState(initialState);
    setSocial(initialSocial);
    setErrors({});
    setProblem(undefined);
  };

  const [idEdited, setIdEdited] = useState(false);
  const setSocialField = <K extends keyof SocialState>(key: K, value: SocialState[K]) => {
    setSocial((current) => ({
      ...current,
      [key]: value,
      // A new generic connector's id follows its target until it is edited (the callback URI holds it).
      ...(key === 'target' && creating && !idEdited ? { id: suggestConnectorId(String(value) || factory.target, takenIds) } : {}),
    }));
    if (key === 'id') {
      setIdEdited(true);
    }
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  /** A social text field's value, change and error; a social switch's state and change. */
  const socialText = (key: 'id' | 'target' | 'name') => ({
    value: social[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setSocialField(key, event.currentTarget.value),
    error: errors[key],
  });
  const socialSwitch = (key: 'syncProfile' | 'enableTokenStorage') => ({
    checked: social[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setSocialField(key, event.currentTarget.checked),
  });

  const callbackId = connector?.id ?? social.id;
  useEffect(() => {
    if (creating) {
      onConnectorIdChange?.(social.id);
    }
  }, [creating, social.id, onConnectorIdChange]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {/* A new connector leaves for its page once created: only edits are guarded. */}
        <UnsavedChangesGuard dirty={!creating && dirty} />
        {problem && (
          <Box ref={problemRef}>
            {problem.kind === 'unworkable' ? (
              <UnworkableAlert body={problem.body} outside />
            ) : (
              <FormError title={problem.title} message={problem.message} items={problem.items} />
            )}
          </Box>
        )}
        {isSocial && (
          <FormSection title={t('connectors.form.social_title')} description={t('connectors.form.social_description')}>
            {creating ? (
              <TextInput label={t('connectors.form.connector_id')} description={t('connectors.form.connector_id_hint')} required {...socialText('id')} dir="ltr" />
            ) : null}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('connectors.callback_uri')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('connectors.callback_uri_hint')}
              </Text>
              {callbackId ? <CopyBox value={socialCallbackUri(consoleConfig.tenantEndpoint, callbackId)} /> : null}
            </Stack>
            {factory.isStandard && (
              <>
                <TextInput label={t('connectors.form.target')} description={t('connectors.form.target_hint')} required {...socialText('target')} dir="ltr" />
                <TextInput label={t('connectors.form.display_name')} description={t('connectors.form.display_name_hint')} required {...socialText('name')} />
              </>
            )}
            <Switch label={t('connectors.form.sync_profile')} description={t('connectors.form.sync_profile_hint')} {...socialSwitch('syncProfile')} />
            <Switch label={t('connectors.form.token_storage')} description={t('connectors.form.token_storage_hint')} {...socialSwitch('enableTokenStorage')} />
          </FormSection>
        )}
        <FormSection title={t('connectors.form.config_title')} description={t('connectors.form.config_description')}>
          <ConfigFieldsEditor fields={fields} value={state} onChange={setState} errors={errors} />
        </FormSection>
        {factory.type !== 'Social' && (
          <TestMessage
            factory={factory}
            connectorId={connector?.id}
            config={() => checkedConfig({ withSocial: false })}
            onConfigRefused={testRefused}
          />
        )}
        {creating ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('connectors.form.create_submit')}
            </Button>
          </Group>
        ) : (
          <FormFooter dirty={dirty} submitting={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
};
