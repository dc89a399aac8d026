import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { IdentityApplicant, IdentityCheckStatus, IdentityProvider } from './identity-provider.port';

export interface SandboxIdentityOptions {
  /** How long after the applicant is created the sandbox has a verdict (the real provider takes minutes). */
  completeAfterMs: number;
}

export const SANDBOX_IDENTITY_OPTIONS = Symbol('SANDBOX_IDENTITY_OPTIONS');

/** The sandbox widget's steps, in their order (verifications.md 2.8: the document, then a face). */
export const SANDBOX_CAPTURE_STEPS = ['document', 'face'] as const;
export type SandboxCaptureStep = (typeof SANDBOX_CAPTURE_STEPS)[number];

/**
 * THE SANDBOX identity provider: no document or face is ever looked at. Its widget (served by the portal) reports
 * its two steps, document then face (captureStep); the check completes a fixed time after the face was captured,
 * CLEAR unless the last name contains 'fail' (CONSIDER), so journeys and demos can see both outcomes. Until the
 * face is captured the check is PENDING. Replace with the real provider's adapter for production.
 */
@Injectable()
export class SandboxIdentityProvider implements IdentityProvider {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SANDBOX_IDENTITY_OPTIONS) private readonly options: SandboxIdentityOptions,
  ) {}

  get pollIntervalMs() {
    return Math.max(50, Math.min(this.options.completeAfterMs, 30_000));
  }

  /** Tests and the demo launcher may shorten the delay. */
  configure(options: Partial<SandboxIdentityOptions>) {
    Object.assign(this.options, options);
  }

  async createApplicant(person: { firstname: string; lastname: string; dob: string }): Promise<IdentityApplicant> {
    if (!person.firstname?.trim() || !person.lastname?.trim() || !person.dob?.trim()) {
      throw new DomainError('invalid', 'firstname, lastname and dob are required.');
    }
    const applicantID = `sandbox-${randomUUID()}`;
    await this.pool.query(`INSERT INTO verification_identity_sandbox (applicant_id, firstname, lastname, dob) VALUES ($1, $2, $3, $4)`, [
      applicantID,
      person.firstname.trim(),
      person.lastname.trim(),
      person.dob.trim(),
    ]);
    const claims = Buffer.from(JSON.stringify({ sandbox: true, applicant_id: applicantID })).toString('base64url');
    return { jwt: `sandbox.${claims}.${randomBytes(16).toString('base64url')}`, applicantID };
  }

  /** A step of the sandbox widget done: the document first, then the face (a face before the document is refused). */
  async captureStep(applicantId: string, step: SandboxCaptureStep): Promise<{ applicantID: string; step: SandboxCaptureStep; complete: boolean }> {
    const column = step === 'document' ? 'document_at' : 'face_at';
    const guard = step === 'face' ? ' AND document_at IS NOT NULL' : '';
    const { rowCount } = await this.pool.query(
      `UPDATE verification_identity_sandbox SET ${column} = COALESCE(${column}, now()) WHERE applicant_id = $1${guard}`,
      [applicantId],
    );
    if (!rowCount) {
      const { rowCount: known } = await this.pool.query(`SELECT 1 FROM verification_identity_sandbox WHERE applicant_id = $1`, [applicantId]);
      if (!known) throw new DomainError('not-found', 'Unknown applicant.');
      throw new DomainError('unprocessable', 'Capture the document first.');
    }
    return { applicantID: applicantId, step, complete: step === 'face' };
  }

  captureUrl(verificationId: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}/verification/history/${encodeURIComponent(verificationId)}?identity=sandbox`;
  }

  async check(applicantId: string): Promise<IdentityCheckStatus> {
    const { rows } = await this.pool.query<{ firstname: string; lastname: string; dob: string; age_ms: number | null }>(
      `SELECT firstname, lastname, dob, (extract(epoch FROM now() - face_at) * 1000)::float8 AS age_ms FROM verification_identity_sandbox WHERE applicant_id = $1`,
      [applicantId],
    );
    const applicant = rows[0];
    if (!applicant) return { status: 'COMPLETE', outcome: 'CONSIDER', data: { reason: 'Unknown applicant', provider: 'Sandbox identity provider' } };
    // The widget's face step not done yet (age_ms null), or done too recently.
    if (applicant.age_ms === null || applicant.age_ms < this.options.completeAfterMs) return { status: 'PENDING' };
    const clear = !/fail/i.test(applicant.lastname);
    return {
      status: 'COMPLETE',
      outcome: clear ? 'CLEAR' : 'CONSIDER',
      data: {
        provider: 'Sandbox identity provider',
        documentType: 'PASSPORT',
        // What the document says, as providers extract it (read by an application's identity insights).
        firstName: applicant.firstname,
        lastName: applicant.lastname,
        dateOfBirth: applicant.dob,
        documentCheck: clear,
        faceMatch: clear,
        applicantId,
      },
    };
  }
}
