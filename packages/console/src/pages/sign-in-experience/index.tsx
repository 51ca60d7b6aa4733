import { Box, Group } from '@mantine/core';
import type { CustomProfileField, SignInExperience } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams, type Location } from 'react-router';

import { api } from '../../api/client.js';
import { FormError, FormFooter } from '../../components/form.js';
import { PageHeader, RouteTabs } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.js';
import { isConsoleError, type ApiErrorBody } from '../../lib/errors.js';
import { schemaResolver, useServerErrors } from '../../lib/forms.js';
import { BrandingTab } from './branding-tab.js';
import { CollectUserProfileTab } from './collect-user-profile-tab.js';
import { ContentTab } from './content-tab.js';
import {
  draftParts,
  draftSchema,
  mergedChanges,
  signInExperienceTabs,
  tabOfPath,
  toDraft,
  usableDraft,
  type Draft,
  type PreviewPage,
  type SignInExperienceTab,
} from './draft.js';
import { FormWithPreview } from './parts.js';
import { PreviewPanel } from './preview-panel.js';
import { signInExperienceQueryKey, useCustomProfileFields, useSignInExperience } from './queries.js';
import { SignUpAndSignInTab } from './sign-up-and-sign-in-tab.js';
import { UnworkableAlert } from './unworkable-alert.js';

const basePath = '/sign-in-experience';

const isTab = (value: string): value is SignInExperienceTab => (signInExperienceTabs as readonly string[]).includes(value);

/** The tabs share one draft: moving between them keeps it; only the field editor is another page. */
const keepsDraft = (next: Location) => {
  const match = new RegExp(`^${basePath}/([\\w-]+)/?$`).exec(next.pathname);
  return Boolean(match && isTab(match[1]!));
};

const defaultPages: Record<SignInExperienceTab, PreviewPage> = {
  branding: 'sign-in',
  'sign-up-and-sign-in': 'sign-in',
  'collect-user-profile': 'continue',
  content: 'sign-in',
};

/** `sign-in-experience/{tab}`: the tenant's sign-in pages, edited as one draft with a live preview. */
export const Component = () => {
  const { t } = useTranslation();
  const { tab = '' } = useParams();
  const experience = useSignInExperience();
  if (!isTab(tab)) {
    return <PageNotFound />;
  }
  return (
    <>
      <PageHeader title={t('sign_in_exp.title')} description={t('sign_in_exp.description')} />
      {experience.data ? (
        <SignInExperienceEditor saved={experience.data} tab={tab} />
      ) : (
        <DetailState error={experience.error} onRetry={() => void experience.refetch()} backTo="/" />
      )}
    </>
  );
};

const SignInExperienceEditor = ({ saved, tab }: { saved: SignInExperience; tab: SignInExperienceTab }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields = useCustomProfileFields();
  const resolver = useMemo(() => schemaResolver(draftSchema), []);
  const form = useForm<Draft>({ resolver, defaultValues: toDraft(saved) });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  // A newer copy from the server (another page saved its parts) replaces a pristine form.
  useEffect(() => {
    if (!isDirty) {
      reset(toDraft(saved));
    }
  }, [saved, isDirty, reset]);
  const [unworkable, setUnworkable] = useState<ApiErrorBody>();
  const alertRef = useRef<HTMLDivElement>(null);
  const { formError, setFormError, handleServerError } = useServerErrors(setError, draftParts);

  const save = useMutation({
    mutationFn: async ({ loaded, edited }: { loaded: Draft; edited: Draft }) => {
      // Each part replaces the stored one: merge the edits onto what the server holds now.
      const latest = await api.get<SignInExperience>('sign-in-exp');
      return api.patch<SignInExperience>('sign-in-exp', mergedChanges(loaded, edited, toDraft(latest)));
    },
    meta: { handlesErrors: true },
    onSuccess: (next) => {
      queryClient.setQueryData(signInExperienceQueryKey, next);
      reset(toDraft(next));
      notifications.show({ color: 'teal', message: t('general.saved') });
    },
    onError: (error) => {
      if (isConsoleError(error) && error.code === 'sign_in_experience.unworkable' && error.body) {
        setUnworkable(error.body);
        window.setTimeout(() => alertRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
        return;
      }
      handleServerError(error);
    },
  });

  const problems = unworkable?.details ?? [];
  const tabsWithProblems = new Set([...Object.keys(errors), ...problems.map((detail) => detail.path)].map(tabOfPath));
  const tabs = signInExperienceTabs.map((value) => ({
    value,
    label: (
      <Group gap={6} wrap="nowrap">
        {t(`sign_in_exp.tab.${value}`)}
        {tabsWithProblems.has(value) && <Box w={8} h={8} bg="red" style={{ borderRadius: '50%' }} aria-label={t('sign_in_exp.tab_has_problems')} />}
      </Group>
    ),
  }));

  return (
    <>
      <RouteTabs tabs={tabs} active={tab} basePath={basePath} />
      <FormWithPreview
        form={form}
        onSubmit={handleSubmit((values) => {
          setFormError(undefined);
          setUnworkable(undefined);
          save.mutate({ loaded: form.formState.defaultValues as Draft, edited: values });
        })}
        preview={<LivePreview control={control} saved={saved} fields={fields.data ?? []} defaultPage={defaultPages[tab]} />}
      >
        <FormError message={formError} />
        {unworkable && <UnworkableAlert ref={alertRef} body={unworkable} />}
        {tab === 'branding' && <BrandingTab />}
        {tab === 'sign-up-and-sign-in' && <SignUpAndSignInTab problems={problems} />}
        {tab === 'collect-user-profile' && <CollectUserProfileTab fields={fields} />}
        {tab === 'content' && <ContentTab />}
        <FormFooter
          dirty={isDirty}
          submitting={save.isPending}
          onDiscard={() => {
            reset(toDraft(saved));
            setUnworkable(undefined);
            setFormError(undefined);
          }}
        />
      </FormWithPreview>
      <UnsavedChangesGuard dirty={isDirty} keeps={keepsDraft} />
    </>
  );
};

/** The preview follows every keystroke; only this part re-renders with the draft. */
const LivePreview = ({
  control,
  saved,
  fields,
  defaultPage,
}: {
  control: Control<Draft>;
  saved: SignInExperience;
  fields: readonly CustomProfileField[];
  defaultPage: PreviewPage;
}) => {
  const draft = useWatch({ control }) as Draft;
  const experience = useMemo(() => usableDraft(saved, draft), [saved, draft]);
  return <PreviewPanel experience={experience} fields={fields} defaultPage={defaultPage} />;
};
