import { createHash, randomBytes } from 'node:crypto';
import {
  DomainError,
  isInstituteOrParent,
  isVerificationEvent,
  resultLabel,
  verificationDecider,
  verificationStream,
  type VerificationEvent,
  type VerificationState,
} from '@credence/domain';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { metrics } from '@opentelemetry/api';
import { toString as qrSvg } from 'qrcode';
import type { Principal } from '../../../common/auth/principal';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { ApplicationGateway } from '../../applications';
import { AccountsRepository } from '../../identity';
import { REFERRAL_READERS, type ReferralReaders } from '../../verifications';
import { LifecycleService } from '../../verifications';
import { BLOB_STORE, type BlobStore } from '../../verifications';
import { PdfRenderer } from '../browser/pdf-renderer';
import { finishPdf } from '../pdf/pdf-finishing';
import { imageDataUrl } from '../templates/html';
import { certificateHtml, type CertificateBranding } from '../templates/certificate.template';
import { certificateOptions, CertificateJobs, type QueuedCertificate } from '../jobs/certificate-jobs';
import { certificateAvailable, certificateContent, contentDigest } from './certificate-content';
import { CertificateStore, type IssuedCertificate } from './certificate-store';

const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');
const certificateNotFound = () => new DomainError('not-found', 'Certificate not found.', 'QC-CERTIFICATE-NOT-FOUND');

/** 16 random bytes (128 bits) as base64url: 22 characters. */
export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{22}$/;
const VERIFICATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface CertificateRequest {
  ignoreNotes: boolean;
  brand: boolean;
}

export interface CertificatePdf {
  filename: string;
  bytes: Buffer;
  code: string;
  /** Served from the blob store without rendering. */
  cached: boolean;
}

interface Loaded {
  state: VerificationState;
  revision: bigint;
  last: RecordedEvent;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const certificatesServed = metrics
  .getMeter('credence-api')
  .createCounter('credence.pdf.certificates', { description: 'Certificates served: from the blob store (cache) or rendered' });

/**
 * Certificates (verifications.md 2.9 'Download certificate'): who may have one, what it says, issuing it under a
 * public code, and serving it again from the blob store while the verification's stream has not moved. The
 * content is read from the verification's own stream (not a read model that may lag), so the revision in the
 * PDF is exactly the state it shows.
 */
@Injectable()
export class CertificateService {
  private readonly logger = new Logger('Certificates');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: LifecycleService,
    private readonly applications: ApplicationGateway,
    private readonly accounts: AccountsRepository,
    private readonly store: CertificateStore,
    private readonly renderer: PdfRenderer,
    private readonly jobs: CertificateJobs,
    // Bound by the referrals module (REFERRAL_READERS); absent where it is not loaded.
    @Optional() @Inject(REFERRAL_READERS) private readonly referrals?: ReferralReaders,
  ) {}

  private async load(id: string): Promise<Loaded | null> {
    if (!VERIFICATION_ID.test(id)) return null;
    const recorded = await this.events.readStream(verificationStream(id));
    if (!recorded.length) return null;
    let state = verificationDecider.initialState();
    for (const e of recorded) {
      if (isVerificationEvent(e)) state = verificationDecider.evolve(state, e as unknown as VerificationEvent & { metadata: RecordedEvent['metadata'] });
    }
    const last = recorded[recorded.length - 1];
    return state.exists ? { state, revision: last.revision, last } : null;
  }

  /**
   * The same readers as GET /verification/{id} (the lifecycle's readerOf, then the application owner), narrowed
   * to 2.9's 'organisation users' and owners: individuals, applicants, institutes and staff are refused (403);
   * anyone who cannot read the verification at all gets 404, as on the read routes.
   */
  private async authorise(principal: Principal, state: VerificationState): Promise<'customer' | 'owner'> {
    const reader = await this.lifecycle.readerOf(principal, state);
    if (!reader) {
      if (state.result !== 'DELETED' && (await this.applications.ownerCanRead(principal.companyId, state.id))) return 'owner';
      // A referral owner opens the record from its referral history (verifications 2.14) and may download what it
      // reads there, as an application's owner does (the certificate holds no documents).
      if (state.result !== 'DELETED' && (await this.referrals?.referrerCanRead(principal.companyId, state.id))) return 'owner';
      throw notFound();
    }
    const organisation = !principal.isIndividual && !principal.isApplicant && !isInstituteOrParent(principal.paymentType);
    if (reader !== 'customer' || !organisation) {
      throw new DomainError('forbidden', 'Certificates are downloaded by organisation users.', 'QC-CERTIFICATE-FORBIDDEN');
    }
    return 'customer';
  }

  private async branding(principal: Principal, reader: 'customer' | 'owner'): Promise<CertificateBranding> {
    const company = await this.accounts.company(principal.companyId);
    const partner = imageDataUrl(company?.partnerLogo);
    const owner = imageDataUrl(company?.ownerLogo);
    if (partner) return { label: 'In partnership with', logo: partner, name: company?.name ?? '' };
    if (owner || (reader === 'owner' && company)) return { label: 'On behalf of', logo: owner, name: company?.name ?? '' };
    throw new DomainError('forbidden', 'Partner branding is not enabled for this account.', 'QC-BRAND-FORBIDDEN');
  }

  /** GET /verification/{id}/downloads/result?ignoreNotes=&brand= */
  async download(principal: Principal, id: string, request: CertificateRequest): Promise<CertificatePdf> {
    const loaded = await this.load(id);
    if (!loaded) throw notFound();
    const { state } = loaded;
    const reader = await this.authorise(principal, state);
    if (!certificateAvailable(state.result)) {
      throw new DomainError('conflict', 'A certificate is available once the verification is Verified or Not Verified.', 'QC-CERTIFICATE-NOT-READY');
    }
    const branding = request.brand ? await this.branding(principal, reader) : null;
    return this.issue(loaded, request, branding, branding ? principal.companyId : null, principal.companyId);
  }

  /**
   * 'certificate.render' (a bulk download's job): the certificate of exactly this revision, issued once. A stream
   * that has moved on since the job was asked for is not rendered ('stale'): the request renders the newer one.
   */
  async issueQueued(job: QueuedCertificate): Promise<'issued' | 'stale'> {
    const loaded = await this.load(job.verificationId);
    if (!loaded || loaded.revision.toString() !== job.revision || !certificateAvailable(loaded.state.result)) return 'stale';
    await this.issue(loaded, { ignoreNotes: job.ignoreNotes, brand: false }, null, null, job.issuedByCompanyId);
    return 'issued';
  }

  /** The certificate of this revision and options: from the blob store when issued before, else rendered and issued. */
  private async issue(
    loaded: Loaded,
    request: CertificateRequest,
    branding: CertificateBranding | null,
    brandCompanyId: string | null,
    issuedByCompanyId: string,
  ): Promise<CertificatePdf> {
    const { state, revision } = loaded;
    const options = certificateOptions(request.ignoreNotes, brandCompanyId);
    const filename = `Certificate-${state.id}.pdf`;

    const existing = await this.store.find(state.id, revision, options);
    if (existing) {
      const bytes = await this.blobs.get(existing.blobKey);
      if (bytes) {
        certificatesServed.add(1, { source: 'cache' });
        return { filename, bytes, code: existing.code, cached: true };
      }
      this.logger.warn(`certificate ${existing.code}: blob missing, rendering again`);
      const again = await this.render(loaded, request, branding, existing.code, existing.issuedAt);
      await this.blobs.put(existing.blobKey, again.pdf, 'application/pdf');
      await this.store.replacePdf(existing.code, sha256(again.pdf));
      certificatesServed.add(1, { source: 'render' });
      return { filename, bytes: again.pdf, code: existing.code, cached: false };
    }

    const code = randomBytes(16).toString('base64url');
    const issuedAt = new Date();
    const { pdf, digest } = await this.render(loaded, request, branding, code, issuedAt);
    certificatesServed.add(1, { source: 'render' });
    const blobKey = `certificates/${state.id}/${code}.pdf`;
    await this.blobs.put(blobKey, pdf, 'application/pdf');
    const { row, inserted } = await this.store.insert({
      code,
      verificationId: state.id,
      revision: revision.toString(),
      position: loaded.last.position.commit.toString(),
      options,
      ignoreNotes: request.ignoreNotes,
      brandCompanyId,
      result: state.result ?? '',
      digest,
      pdfSha256: sha256(pdf),
      blobKey,
      issuedByCompanyId,
      issuedAt,
    });
    if (inserted) return { filename, bytes: pdf, code, cached: false };
    // Another request issued the same certificate a moment earlier: theirs is the one on record.
    await this.blobs.delete(blobKey).catch(() => undefined);
    const theirs = await this.blobs.get(row.blobKey);
    if (!theirs) throw new DomainError('conflict', 'The certificate is being prepared, please try again.', 'QC-CERTIFICATE-BUSY');
    return { filename, bytes: theirs, code: row.code, cached: true };
  }

  /**
   * Download All (verifications.md 2.13): the certificates of an application's verifications, for the
   * organisation it was made to; verifications without a result yet, and callers who may not have a
   * certificate, are left out rather than failing the bundle.
   */
  async forApplication(principal: Principal, verificationIds: readonly string[]): Promise<{ title: string; pdf: Buffer }[]> {
    const wanted: Loaded[] = [];
    const missing: QueuedCertificate[] = [];
    for (const id of verificationIds) {
      const loaded = await this.load(id);
      if (!loaded || !certificateAvailable(loaded.state.result)) continue;
      try {
        await this.authorise(principal, loaded.state);
      } catch (e) {
        if (e instanceof DomainError) continue;
        throw e;
      }
      wanted.push(loaded);
      if (!(await this.store.find(loaded.state.id, loaded.revision, certificateOptions(false, null)))) {
        missing.push({ verificationId: loaded.state.id, revision: loaded.revision.toString(), ignoreNotes: false, issuedByCompanyId: principal.companyId });
      }
    }
    // Several to render: jobs on the queue, as many at once as the pool allows; one: rendered here, like a single
    // download. Whatever a job did not issue in time is rendered below by download(), as is a stream that moved.
    if (missing.length > 1) await this.jobs.renderAll(missing);

    const out: { title: string; pdf: Buffer }[] = [];
    for (const { state } of wanted) {
      try {
        const { bytes } = await this.download(principal, state.id, { ignoreNotes: false, brand: false });
        out.push({ title: `Certificate: ${state.person.firstname} ${state.person.surname} - ${state.institute?.name ?? state.id}`, pdf: bytes });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
      }
    }
    return out;
  }

  private async render(loaded: Loaded, request: CertificateRequest, branding: CertificateBranding | null, code: string, issuedAt: Date) {
    const content = certificateContent(loaded.state, loaded.revision, { ignoreNotes: request.ignoreNotes });
    const digest = contentDigest(content);
    const verifyUrl = `${this.config.publicUrl.replace(/\/$/, '')}/certificate/${code}`;
    const qr = await qrSvg(verifyUrl, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    const html = certificateHtml(content, { code, verifyUrl, qrSvg: qr, digest, issuedAt }, branding);
    const rendered = await this.renderer.render(html);
    const pdf = await finishPdf(rendered, {
      title: `Verification Certificate ${content.qcid}`,
      subject: `${content.type} verification: ${content.resultLabel}`,
      keywords: [content.qcid, content.resultLabel, 'Credence certificate', code],
      issuedAt,
      custom: {
        CredenceCertificateCode: code,
        CredenceVerifyUrl: verifyUrl,
        CredenceContentDigest: digest,
        CredenceStream: verificationStream(content.qcid),
        CredenceStreamRevision: loaded.revision.toString(),
        CredenceStreamPosition: loaded.last.position.commit.toString(),
        // The chained hash of the event it was made at: `npx credence-verify bundle.json --certificate` finds it in
        // the exported history (issue 24).
        ...(loaded.last.hash ? { CredenceStreamHash: loaded.last.hash } : {}),
      },
    });
    return { pdf, digest };
  }

  /**
   * GET /certificate/{code} (public): was it issued, for which QCID, result and date, has the verification
   * changed since, who issued it, and the digests to compare; with ?sha256= the comparison is made here too.
   */
  async verify(code: string, sha?: string) {
    if (!CERTIFICATE_CODE.test(code)) throw certificateNotFound();
    const issued = await this.store.byCode(code);
    if (!issued) throw certificateNotFound();
    const now = await this.load(issued.verificationId);
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

function statusOf(issued: IssuedCertificate, now: Loaded | null): 'CURRENT' | 'CHANGED' | 'WITHDRAWN' {
  if (!now || now.state.result === 'DELETED' || now.state.result === 'CANCELLED') return 'WITHDRAWN';
  return now.revision.toString() === issued.revision ? 'CURRENT' : 'CHANGED';
}
