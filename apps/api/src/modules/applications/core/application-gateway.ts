import {
  APPLICATION_ERRORS,
  applicationDecider,
  applicationStream,
  submissionProblems,
  type ApplicationState,
  type MemberVerification,
  type Problem,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { ApplicationMembers } from './application-members';
import type { ApplicationMembership } from '../../verifications';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { ApplicationReadModels, onApplication } from './application-stream';
import { APPLICATION_MEMBER_TABLE, APPLICATION_TABLE } from './application-tables';

/**
 * The applications' side of the verifications' APPLICATION_MEMBERSHIP port. What the verification lifecycle asks of applications: may this applicant submit into this application, would
 * it be complete, include the new verifications (submitting the application), which applications follow a
 * verification, and may an organisation read a verification because it is in an application made to it.
 */
@Injectable()
export class ApplicationGateway implements ApplicationMembership {
  constructor(
    private readonly commands: CommandHandling,
    private readonly readModels: ApplicationReadModels,
    private readonly members: ApplicationMembers,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** The caller's own application, still open: verifications can be added to it. */
  async openFor(principal: Principal, applicationId: string): Promise<ApplicationState> {
    const { state } = await this.load(applicationId);
    if (!state.exists || state.applicant.companyId !== principal.companyId) throw APPLICATION_ERRORS.notFound();
    if (state.status !== 'OPEN') throw APPLICATION_ERRORS.closed();
    return state;
  }

  /** What would keep the application from being submitted with these verifications added to those it has. */
  async problemsWith(state: ApplicationState, added: readonly MemberVerification[]): Promise<Problem[]> {
    const existing = await this.members.of(state.verificationIds.filter((id) => !added.some((a) => a.id === id)));
    return submissionProblems(state, [...existing, ...added]);
  }

  /** The caller's application if it is still open (a saved draft of it being submitted), else null. */
  async openOrNull(principal: Principal, applicationId: string): Promise<ApplicationState | null> {
    const { state } = await this.load(applicationId);
    return state.exists && state.applicant.companyId === principal.companyId && state.status === 'OPEN' ? state : null;
  }

  /**
   * Adds verifications to the application: submitted ones submit (close) it, saved drafts are only selected.
   * `added` are the new verifications as their streams now stand (not yet in every read model).
   */
  async include(principal: Principal, applicationId: string, added: readonly MemberVerification[], submit: boolean): Promise<void> {
    const actor = { kind: 'applicant' as const, companyId: principal.companyId, username: principal.username };
    const addedIds = added.map((m) => m.id);
    const { state } = await this.load(applicationId);
    const earlier = submit ? await this.members.of(state.verificationIds.filter((id) => !addedIds.includes(id))) : [];
    const appended = await this.commands.handleCommand(
      onApplication(
        applicationId,
        (now) =>
          submit
            ? [{ type: 'SubmitApplication', actor, add: addedIds, members: [...earlier, ...added] }]
            : [{ type: 'SelectVerifications', actor, verificationIds: [...new Set([...now.verificationIds, ...addedIds])] }],
        { commandId: randomUUID(), actor: principal.username, impersonator: principal.impersonator },
      ),
    );
    // A check may have finished between reading the members and the append: ApplicationJobsReactor has the
    // submitted application take stock once more.
    await this.readModels.settle(appended.position);
  }

  private load(applicationId: string) {
    return this.commands.load(applicationStream(applicationId), applicationDecider);
  }

  /** The applications that include this verification. */
  async applicationsOf(verificationId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ applicationId: string }>(
      `SELECT "applicationId" FROM "${APPLICATION_MEMBER_TABLE}" WHERE "verificationId" = $1`,
      [verificationId],
    );
    return rows.map((r) => r.applicationId);
  }

  /** Organisation staff see the verifications of applications made to them, once submitted (verifications.md 6). */
  async ownerCanRead(companyId: string, verificationId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM "${APPLICATION_MEMBER_TABLE}" m JOIN "${APPLICATION_TABLE}" a ON a."id" = m."applicationId"
        WHERE m."verificationId" = $1 AND a."ownerCompanyId" = $2 AND a."status" <> 'OPEN' LIMIT 1`,
      [verificationId, companyId],
    );
    return rows.length > 0;
  }

}
