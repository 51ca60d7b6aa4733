import type { InteractionEvent, SignInExperience } from '@gatehouse/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type default as Provider } from 'oidc-provider';

import type { GatehouseConfig } from '../../config.js';
import { ApiError } from '../../app/errors.js';
import { negotiateLocale } from '../../i18n/index.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { AuditLogWriter } from '../logs/audit-log-writer.js';
import { withCompanionRow } from '../../oidc/companion-rows.js';
import {
  deleteExperienceState,
  experienceModelName,
  type ExperienceState,
  loadExperienceState,
  saveExperienceState,
} from './experience-state.js';

export type ExperienceDeps = { config: GatehouseConfig; auditLog: AuditLogWriter };

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The live OIDC interaction of the browser's cookie, or a 400 the pages turn into "session expired". */
export const requireInteraction = async (request: FastifyRequest, reply: FastifyReply) => {
  const provider = await request.tenantRuntime().provider();
  try {
    return { provider, interaction: await provider.interactionDetails(request.raw, reply.raw) };
  } catch (error) {
    if (error instanceof errors.SessionNotFound) {
      throw new ApiError(400, 'session.not_found');
    }
    throw error;
  }
};

/**
 * requireInteraction, with the experience state stored beside the interaction: both rows come in
 * the statement that finds the interaction (every experience request needs the two).
 */
export const requireInteractionAndState = async (request: FastifyRequest, reply: FastifyReply) => {
  const { result, companion } = await withCompanionRow('Interaction', experienceModelName, () => requireInteraction(request, reply));
  const state =
    companion?.id === result.interaction.uid
      ? (companion.row?.payload as ExperienceState | undefined)
      : await loadExperienceState(request.tenantScope(), result.interaction.uid);
  return { ...result, state };
};

const undefinedWithoutSession = async <T>(lookup: Promise<T>): Promise<T | undefined> => {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'session.not_found') {
      return undefined;
    }
    throw error;
  }
};

/** The interaction, or undefined when the browser has none (or an expired one). */
export const findInteraction = (request: FastifyRequest, reply: FastifyReply) => undefinedWithoutSession(requireInteraction(request, reply));

/** The interaction and its experience state, or undefined without an interaction. */
export const findInteractionAndState = (request: FastifyRequest, reply: FastifyReply) =>
  undefinedWithoutSession(requireInteractionAndState(request, reply));

/**
 * One request's view of an experience: the interaction it belongs to, the tenant's sign-in
 * experience, and the flow's state (if started). Mutate `state`, then `save()`.
 */
export class ExperienceSession {
  private constructor(
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly scope: TenantScope,
    readonly provider: Provider,
    readonly interaction: Interaction,
    readonly settings: SignInExperience,
    readonly deps: ExperienceDeps,
    public current: ExperienceState | undefined,
  ) {
    this.stored = current && { revision: current.revision ?? 0, json: JSON.stringify(current) };
  }

  /** The state as this request found it in storage: saved over only if no other step saved since. */
  private stored: { revision: number; json: string } | undefined;

  static async open(request: FastifyRequest, reply: FastifyReply, deps: ExperienceDeps) {
    const [{ provider, interaction, state }, settings] = await Promise.all([
      requireInteractionAndState(request, reply),
      request.tenantRuntime().signInExperience(),
    ]);
    return new ExperienceSession(request, reply, request.tenantScope(), provider, interaction, settings, deps, state);
  }

  /** The user a step was about even when it failed (a wrong password), for the audit log. */
  concernedUserId: string | undefined;

  /** The started flow; every step but the first needs one. */
  get state(): ExperienceState {
    if (!this.current) {
      throw new ApiError(400, 'session.not_started');
    }
    return this.current;
  }

  get event(): InteractionEvent | undefined {
    return this.current?.event;
  }

  get applicationId(): string | undefined {
    return typeof this.interaction.params.client_id === 'string' ? this.interaction.params.client_id : undefined;
  }

  /** The language of messages sent to the user (codes by email or SMS). */
  get locale(): string {
    return negotiateLocale(this.request.headers['accept-language']);
  }

  start(event: InteractionEvent) {
    this.current = { event, verifications: {}, profile: {} };
  }

  /**
   * Another flow for the same browser: the verifications carry over (a code that found no account
   * goes on to register with it), and the rest starts again. What the previous flow drafted for its
   * own submit (a registration's username and password, a reset's new password) must not reach the
   * new one: a sign-in would write it onto the existing account.
   */
  switchEvent(event: InteractionEvent) {
    this.current = { event, verifications: this.state.verifications, profile: {} };
  }

  /** Stores the state if this step changed it; 409 when another step of the flow saved meanwhile. */
  async save() {
    const { state, stored } = this;
    const json = JSON.stringify(state);
    if (json === stored?.json) {
      return;
    }
    if (!(await saveExperienceState(this.scope, this.interaction.uid, state, stored?.revision, new Date(this.interaction.exp * 1000)))) {
      throw new ApiError(409, 'session.conflict');
    }
    this.stored = { revision: state.revision!, json: JSON.stringify(state) };
  }

  async discard() {
    await deleteExperienceState(this.scope, this.interaction.uid);
    this.current = undefined;
    this.stored = undefined;
  }

  /**
   * Hands the result to oidc-provider; the browser continues at the returned URL. What
   * `provider.interactionResult` does, on the interaction this request already loaded (it would
   * look it up again).
   */
  async finish(result: InteractionResults, { mergeWithLastSubmission = true }: { mergeWithLastSubmission?: boolean } = {}) {
    const { interaction } = this;
    interaction.result = mergeWithLastSubmission && !('error' in result) ? { ...interaction.lastSubmission, ...result } : result;
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return interaction.returnTo;
  }
}
