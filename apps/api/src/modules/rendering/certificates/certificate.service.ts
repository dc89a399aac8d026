import { DomainError, resultLabel } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { CertificateJobs, type QueuedCertificate } from '../jobs/certificate-jobs';
import { CertificateAccess, verificationNotFound } from './certificate-access';
import { certificateAvailable } from './certificate-content';
import { CertificateIssuer, type CertificatePdf, type CertificateRequest } from './certificate-issuer';
import { CertificateSource, type LoadedVerification } from './certificate-source';
import { CertificateStore, type IssuedCertificate } from './certificate-store';

export type { CertificatePdf, CertificateRequest } from './certificate-issuer';

const certificateNotFound = () =>
  new DomainError('not-found', 'Certificate not found.', 'QC-CERTIFICATE-NOT-FOUND');

/** 16 random bytes (128 bits) as base64url: 22 characters. */
export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{22}$/;

/**
 * Certificates (verifications.md 2.9 'Download certificate'): the use cases (download one, a bulk download's
 * job, Download All, the public check), over the verification's stream (CertificateSource), who may have one
 * (CertificateAccess) and issuing it once per revision (CertificateIssuer).
 */
@Injectable()
export class CertificateService {
  constructor(
    private readonly source: CertificateSource,
    private readonly access: CertificateAccess,
    private readonly issuer: CertificateIssuer,
    private readonly store: CertificateStore,
    private readonly jobs: CertificateJobs,
  ) {}

  /** GET /verification/{id}/downloads/result?ignoreNotes=&brand= */
  async download(principal: Principal, id: string, request: CertificateRequest): Promise<CertificatePdf> {
    const loaded = await this.source.load(id);
    if (!loaded) throw verificationNotFound();
    const { state } = loaded;
    const reader = await this.access.authorise(principal, state);
    if (!certificateAvailable(state.result)) {
      throw new DomainError(
        'conflict',
        'A certificate is available once the verification is Verified or Not Verified.',
        'QC-CERTIFICATE-NOT-READY',
      );
    }
    const branding = request.brand ? await this.access.branding(principal, reader) : null;
    return this.issuer.issue(loaded, request, {
      branding,
      brandCompanyId: branding ? principal.companyId : null,
      issuedByCompanyId: principal.companyId,
    });
  }

  /**
   * 'certificate.render' (a bulk download's job): the certificate of exactly this revision, issued once. A stream
   * that has moved on since the job was asked for is not rendered ('stale'): the request renders the newer one.
   */
  async issueQueued(job: QueuedCertificate): Promise<'issued' | 'stale'> {
    const loaded = await this.source.load(job.verificationId);
    if (!loaded || loaded.revision.toString() !== job.revision || !certificateAvailable(loaded.state.result))
      return 'stale';
    await this.issuer.issue(
      loaded,
      { ignoreNotes: job.ignoreNotes, brand: false },
      { branding: null, brandCompanyId: null, issuedByCompanyId: job.issuedByCompanyId },
    );
    return 'issued';
  }

  /**
   * Download All (verifications.md 2.13): the certificates of an application's verifications, for the
   * organisation it was made to; verifications without a result yet, and callers who may not have a
   * certificate, are left out rather than failing the bundle.
   */
  async forApplication(
    principal: Principal,
    verificationIds: readonly string[],
  ): Promise<{ title: string; pdf: Buffer }[]> {
    const wanted: LoadedVerification[] = [];
    const missing: QueuedCertificate[] = [];
    for (const id of verificationIds) {
      const loaded = await this.source.load(id);
      if (!loaded || !certificateAvailable(loaded.state.result)) continue;
      try {
        await this.access.authorise(principal, loaded.state);
      } catch (e) {
        if (e instanceof DomainError) continue;
        throw e;
      }
      wanted.push(loaded);
      if (!(await this.issuer.plainIssued(loaded))) {
        missing.push({
          verificationId: loaded.state.id,
          revision: loaded.revision.toString(),
          ignoreNotes: false,
          issuedByCompanyId: principal.companyId,
        });
      }
    }
    // Several to render: jobs on the queue, as many at once as the pool allows; one: rendered here, like a single
    // download. Whatever a job did not issue in time is rendered below by download(), as is a stream that moved.
    if (missing.length > 1) await this.jobs.renderAll(missing);

    const out: { title: string; pdf: Buffer }[] = [];
    for (const { state } of wanted) {
      try {
        const { bytes } = await this.download(principal, state.id, { ignoreNotes: false, brand: false });
        out.push({
          title: `Certificate: ${state.person.firstname} ${state.person.surname} - ${state.institute?.name ?? state.id}`,
          pdf: bytes,
        });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
    }
    return out;
  }

  /**
   * GET /certificate/{code} (public): was it issued, for which QCID, result and date, has the verification
   * changed since, who issued it, and the digests to compare; with ?sha256= the comparison is made here too.
   */
  async verify(code: string, sha?: string) {
    if (!CERTIFICATE_CODE.test(code)) throw certificateNotFound();
    const issued = await this.store.byCode(code);
    if (!issued) throw certificateNotFound();
    const now = await this.source.load(issued.verificationId);
    const currentResult = now?.state.result ?? 'DELETED';
    const status = statusOf(issued, now);
    const given = sha?.trim().toLowerCase();
    return {
      issued: true,
      code: issued.code,
      qcid: issued.verificationId,
      type: now?.state.type ?? null,
      institute: now?.state.institute?.name ?? null,
      result: issued.result,
      resultLabel: resultLabel(issued.result, 'history'),
      issuedAt: new Date(issued.issuedAt).toISOString(),
      issuer: 'Credence',
      status,
      changedSince: status !== 'CURRENT',
      currentResult,
      currentResultLabel: resultLabel(currentResult, 'history'),
      revision: issued.revision,
      digest: issued.digest,
      pdfSha256: issued.pdfSha256,
      ...(given ? { matches: given === issued.pdfSha256 || given === issued.digest } : {}),
    };
  }
}

function statusOf(
  issued: IssuedCertificate,
  now: LoadedVerification | null,
): 'CURRENT' | 'CHANGED' | 'WITHDRAWN' {
  if (!now || now.state.result === 'DELETED' || now.state.result === 'CANCELLED') return 'WITHDRAWN';
  return now.revision.toString() === issued.revision ? 'CURRENT' : 'CHANGED';
}
