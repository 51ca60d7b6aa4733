import {
  Avatar,
  Badge,
  Button,
  Checkbox,
  Group,
  Input,
  Menu,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import {
  secondaryIdentifiers,
  signInIdentifiers,
  signInModes,
  type Connector,
  type SecondaryIdentifier,
  type SignInIdentifier,
  type SignInMethod,
} from '@gatehouse/schemas';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormSection, SwitchField } from '../../components/form.js';
import { localizedName } from '../../lib/connectors.js';
import type { ApiErrorDetail } from '../../lib/errors.js';
import { useConnectors } from '../connectors/queries.js';
import { removeAt, replaceAt, type Draft } from './draft.js';
import { RemoveButton, RowActions, SectionProblems } from './parts.js';

type IdentifierKey = SecondaryIdentifier['identifier'];

const useIdentifierLabel = () => {
  const { t } = useTranslation();
  return (identifier: IdentifierKey) =>
    identifier === 'emailOrPhone' ? t('sign_in_exp.identifier.email_or_phone') : t(`field.${identifier}`);
};

/** Sign-up and sign-in: identifiers, methods, social sign-in, who may register, and forgot password. */
export const SignUpAndSignInTab = ({ problems }: { problems: readonly ApiErrorDetail[] }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<Draft>();
  const connectors = useConnectors();
  const list = connectors.data ?? [];
  const hasEmail = list.some((connector) => connector.type === 'Email');
  const hasSms = list.some((connector) => connector.type === 'Sms');

  return (
    <Stack>
      <SignUpSection problems={problems} />
      <FormSection title={t('sign_in_exp.sign_in.title')} description={t('sign_in_exp.sign_in.description')}>
        <Controller
          control={control}
          name="signIn.methods"
          render={({ field }) => <SignInMethodsField value={field.value} onChange={field.onChange} />}
        />
        <SectionProblems details={problems} prefixes={['signIn']} />
      </FormSection>
      <FormSection title={t('sign_in_exp.social.title')} description={t('sign_in_exp.social.description')}>
        <Controller
          control={control}
          name="socialSignInConnectorTargets"
          render={({ field }) => <SocialTargetsField value={field.value} onChange={field.onChange} connectors={list} />}
        />
        <SwitchField
          control={control}
          name="socialSignIn.automaticAccountLinking"
          label={t('sign_in_exp.social.account_linking')}
          description={t('sign_in_exp.social.account_linking_description')}
        />
        <SectionProblems details={problems} prefixes={['socialSignInConnectorTargets', 'socialSignIn']} />
      </FormSection>
      <FormSection title={t('sign_in_exp.mode.title')} description={t('sign_in_exp.mode.description')}>
        <Controller
          control={control}
          name="signInMode"
          render={({ field }) => (
            <Radio.Group value={field.value} onChange={field.onChange} aria-label={t('sign_in_exp.mode.title')}>
              <Stack gap="sm">
                {signInModes.map((mode) => (
                  <Radio key={mode} value={mode} label={t(`sign_in_exp.mode.${mode}`)} description={t(`sign_in_exp.mode.${mode}_description`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <SwitchField control={control} name="singleSignOnEnabled" label={t('sign_in_exp.mode.sso')} description={t('sign_in_exp.mode.sso_description')} />
        <SectionProblems details={problems} prefixes={['signInMode', 'singleSignOnEnabled']} />
      </FormSection>
      <FormSection title={t('sign_in_exp.forgot.title')} description={t('sign_in_exp.forgot.description')}>
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm">{t('sign_in_exp.forgot.email')}</Text>
            <Badge color={hasEmail ? 'teal' : 'gray'} variant="light">
              {hasEmail ? t('sign_in_exp.forgot.available') : t('sign_in_exp.forgot.needs_email')}
            </Badge>
          </Group>
          <Group gap="xs">
            <Text size="sm">{t('sign_in_exp.forgot.phone')}</Text>
            <Badge color={hasSms ? 'teal' : 'gray'} variant="light">
              {hasSms ? t('sign_in_exp.forgot.available') : t('sign_in_exp.forgot.needs_sms')}
            </Badge>
          </Group>
        </Stack>
      </FormSection>
    </Stack>
  );
};

const SignUpSection = ({ problems }: { problems: readonly ApiErrorDetail[] }) => {
  const { t } = useTranslation();
  const label = useIdentifierLabel();
  const {
    control,
    formState: { errors },
  } = useFormContext<Draft>();
  const identifiers = useWatch({ control, name: 'signUp.identifiers' });
  const byCode = identifiers.some((identifier) => identifier !== 'username');
  return (
    <FormSection title={t('sign_in_exp.sign_up.title')} description={t('sign_in_exp.sign_up.description')}>
      <Controller
        control={control}
        name="signUp.identifiers"
        render={({ field }) => (
          <Checkbox.Group
            label={t('sign_in_exp.sign_up.identifiers')}
            description={t('sign_in_exp.sign_up.identifiers_description')}
            value={field.value}
            onChange={(value) => field.onChange(signInIdentifiers.filter((identifier) => value.includes(identifier)))}
            error={errors.signUp?.identifiers?.message}
          >
            <Group mt="xs">
              {signInIdentifiers.map((identifier) => (
                <Checkbox key={identifier} value={identifier} label={label(identifier)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <SwitchField control={control} name="signUp.password" label={t('sign_in_exp.sign_up.password')} description={t('sign_in_exp.sign_up.password_description')} />
      {byCode && (
        // Not a choice: an email or phone joins an account only through a code (the server keeps `verify` so).
        <Text size="sm" c="dimmed">
          {t('sign_in_exp.sign_up.verify_description')}
        </Text>
      )}
      <Controller
        control={control}
        name="signUp.secondaryIdentifiers"
        render={({ field }) => (
          <SecondaryIdentifiersField value={field.value} onChange={field.onChange} collected={identifiers.length === 1 ? identifiers[0] : undefined} />
        )}
      />
      <SectionProblems details={problems} prefixes={['signUp']} />
    </FormSection>
  );
};

/** `collected`: the one identifier every user signs up with, which is not offered again. */
const SecondaryIdentifiersField = ({
  value,
  onChange,
  collected,
}: {
  value: SecondaryIdentifier[];
  onChange: (value: SecondaryIdentifier[]) => void;
  collected: SignInIdentifier | undefined;
}) => {
  const { t } = useTranslation();
  const label = useIdentifierLabel();
  const unused = secondaryIdentifiers.filter((identifier) => identifier !== collected && !value.some((entry) => entry.identifier === identifier));
  const update = (index: number, next: SecondaryIdentifier) => onChange(replaceAt(value, index, next));
  return (
    <Input.Wrapper label={t('sign_in_exp.sign_up.secondary')} description={t('sign_in_exp.sign_up.secondary_description')}>
      <Stack gap="xs" mt={6}>
        {value.map((entry, index) => (
          <Group key={entry.identifier} gap="sm" wrap="nowrap">
            <Select
              aria-label={t('sign_in_exp.sign_up.secondary_identifier', { index: index + 1 })}
              value={entry.identifier}
              onChange={(next) => next && update(index, next === 'username' ? { identifier: next } : { identifier: next as IdentifierKey, verify: true })}
              allowDeselect={false}
              data={[entry.identifier, ...unused].map((identifier) => ({ value: identifier, label: label(identifier) }))}
              w={220}
              comboboxProps={{ withinPortal: true }}
            />
            <RemoveButton label={label(entry.identifier)} onRemove={() => onChange(removeAt(value, index))} />
          </Group>
        ))}
        {unused.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              const identifier = unused[0]!;
              onChange([...value, identifier === 'username' ? { identifier } : { identifier, verify: true }]);
            }}
          >
            {t('sign_in_exp.sign_up.secondary_add')}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
};

const newMethod = (identifier: SignInIdentifier): SignInMethod => ({ identifier, password: true, verificationCode: false, isPasswordPrimary: true });

/** The sign-in methods in the order the sign-in page lists them. */
const SignInMethodsField = ({ value, onChange }: { value: SignInMethod[]; onChange: (value: SignInMethod[]) => void }) => {
  const { t } = useTranslation();
  const label = useIdentifierLabel();
  const unused = signInIdentifiers.filter((identifier) => !value.some((method) => method.identifier === identifier));
  const update = (index: number, changes: Partial<SignInMethod>) => onChange(replaceAt(value, index, { ...value[index]!, ...changes }));
  return (
    <Stack gap="xs">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('sign_in_exp.sign_in.empty')}
        </Text>
      )}
      {value.map((method, index) => {
        const name = label(method.identifier);
        return (
          <Paper key={method.identifier} withBorder p="sm" radius="md" data-testid={`sign-in-method-${method.identifier}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={8}>
                <Text fw={500} size="sm">
                  {name}
                </Text>
                <Group gap="md">
                  <Checkbox
                    label={t('sign_in_exp.sign_in.password')}
                    aria-label={t('sign_in_exp.sign_in.password_for', { name })}
                    checked={method.password}
                    onChange={(event) => update(index, { password: event.currentTarget.checked })}
                  />
                  <Checkbox
                    label={t('sign_in_exp.sign_in.code')}
                    aria-label={t('sign_in_exp.sign_in.code_for', { name })}
                    checked={method.verificationCode}
                    // Usernames cannot receive codes; a stored one can still be switched off.
                    disabled={method.identifier === 'username' && !method.verificationCode}
                    onChange={(event) => update(index, { verificationCode: event.currentTarget.checked })}
                  />
                </Group>
                {method.password && method.verificationCode && (
                  <SegmentedControl
                    size="xs"
                    w="fit-content"
                    value={method.isPasswordPrimary ? 'password' : 'code'}
                    onChange={(next) => update(index, { isPasswordPrimary: next === 'password' })}
                    aria-label={t('sign_in_exp.sign_in.primary', { name })}
                    data={[
                      { value: 'password', label: t('sign_in_exp.sign_in.password_first') },
                      { value: 'code', label: t('sign_in_exp.sign_in.code_first') },
                    ]}
                  />
                )}
              </Stack>
              <RowActions items={value} index={index} label={name} onChange={onChange} />
            </Group>
          </Paper>
        );
      })}
      {unused.length > 0 && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="subtle" size="compact-sm" w="fit-content" leftSection={<IconPlus size={14} />}>
              {t('sign_in_exp.sign_in.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {unused.map((identifier) => (
              <Menu.Item key={identifier} onClick={() => onChange([...value, newMethod(identifier)])}>
                {label(identifier)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
};

/** Social buttons in the order shown; a target without a configured connector shows no button. */
const SocialTargetsField = ({
  value,
  onChange,
  connectors,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  connectors: readonly Connector[];
}) => {
  const { t, i18n } = useTranslation();
  const social = connectors.filter((connector) => connector.type === 'Social');
  const addable = social.filter((connector) => !value.includes(connector.target));
  return (
    <Stack gap="xs">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {social.length === 0 ? t('sign_in_exp.social.no_connectors') : t('sign_in_exp.social.empty')}
        </Text>
      )}
      {value.map((target, index) => {
        const connector = social.find((candidate) => candidate.target === target);
        const name = connector ? localizedName(connector.name, i18n.language) : target;
        return (
          <Paper key={target} withBorder p="xs" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={connector?.logo} size={24} radius="sm" alt="" />
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {target}
                </Text>
                {!connector && (
                  <Badge color="orange" variant="light" size="sm">
                    {t('sign_in_exp.social.not_configured')}
                  </Badge>
                )}
              </Group>
              <RowActions items={value} index={index} label={name} onChange={onChange} />
            </Group>
          </Paper>
        );
      })}
      {addable.length > 0 && (
        <Select
          placeholder={t('sign_in_exp.social.add')}
          aria-label={t('sign_in_exp.social.add')}
          value={null}
          onChange={(target) => target && onChange([...value, target])}
          data={addable.map((connector) => ({ value: connector.target, label: localizedName(connector.name, i18n.language) }))}
          w={280}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
};
