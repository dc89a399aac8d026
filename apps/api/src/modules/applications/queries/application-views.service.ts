import { APPLICATION_ERRORS, APPLICATION_STATUSES, DomainError, outputDocumentsVisible, type ApplicationFieldDef } from '@credence/domain';
import type { ApplicationRow } from '@credence/read-models';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Principal } from '../../../common/auth/principal';
import { OwnersService } from '../../identity';
import { CertificateService } from '../../rendering';
import { mergeWithBookmarks } from '../../rendering';
import { BLOB_STORE, type BlobStore } from '../../verifications';
import { ApplicationMembers } from '../core/application-members';
import { presentApplication, type ApplicationAudience } from '../http/application.presenter';
import { ApplicationListQuery, criteriaOf, pagingOfApplications, scopeOf, type ApplicationScope } from './application-list.query';

type Query = Record<string, unknown>;

const noDocuments = () => new DomainError('not-found', 'No documents are available to review yet.', 'QC-NO-DOCUMENTS');

/** The read side of the applications API: scoped per caller, from the application read model. */
@Injectable()
export class ApplicationViews {
  private readonly logger = new Logger('Applications');

  constructor(
    private readonly lists: ApplicationListQuery,
    private readonly members: ApplicationMembers,
    private readonly owners: OwnersService,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly certificates: CertificateService,
  ) {}

  /** The owner's fields offered as filters of the applicant history (organisations only). */
  private async filterFields(scope: ApplicationScope): Promise<ApplicationFieldDef[]> {
    if (scope.kind !== 'owner') return [];
    const template = await this.owners.templateOfCompany(scope.companyId);
    return (template?.fields ?? []).filter((f) => f.filter) as ApplicationFieldDef[];
  }

  /** GET /application/filters: [{key, name, type, refData, values}]. */
  async filters(principal: Principal) {
    return (await this.filterFields(scopeOf(principal))).map((f) => ({ key: f.key, name: f.name, type: f.type ?? 'TEXT', refData: f.refData ?? null, values: f.values ?? null }));
  }

  /** GET /application: the history (organisations), the open and past applications (individuals), all (staff). */
  async list(principal: Principal, q: Query) {
    const scope = scopeOf(principal);
    const custom = new Set((await this.filterFields(scope)).map((f) => f.key));
    const page = await this.lists.list(criteriaOf(q, scope, custom), pagingOfApplications(q));
    const verifications = await this.lists.verifications(page.rows.flatMap((r) => r.verificationIds));
    const audience = this.audience(principal);
    return { content: page.rows.map((r) => presentApplication(r, verifications, audience)), totalSize: page.totalSize };
  }

  /** GET /application/meta?status=: counts per status asked for (all statuses when none), and the open count. */
  async meta(principal: Principal, q: Query) {
    const scope = scopeOf(principal);
    const { statuses } = criteriaOf({ status: q.status }, scope, new Set());
    const counts = await this.lists.countByStatus({ scope, custom: {} });
    const keys = statuses ?? [...APPLICATION_STATUSES];
    return { statusCounts: keys.map((key) => ({ key, value: counts[key] ?? 0 })), openCount: counts.OPEN ?? 0 };
  }

  private audience(principal: Principal): ApplicationAudience {
    return principal.qcAdmin ? 'staff' : principal.isIndividual ? 'applicant' : 'owner';
  }

  /** The application if the caller may read it: its applicant, its organisation, staff; 404 otherwise. */
  async readable(principal: Principal, id: string): Promise<ApplicationRow> {
    const row = await this.lists.get(id);
    const scope = scopeOf(principal);
    if (!row) throw APPLICATION_ERRORS.notFound();
    if (scope.kind === 'applicant' && row.applicantCompanyId !== scope.companyId) throw APPLICATION_ERRORS.notFound();
    if (scope.kind === 'owner' && row.ownerCompanyId !== scope.companyId) throw APPLICATION_ERRORS.notFound();
    return row;
  }

  /** GET /application/{id}. */
  async get(principal: Principal, id: string) {
    const row = await this.readable(principal, id);
    return presentApplication(row, await this.lists.verifications(row.verificationIds), this.audience(principal));
  }

  /** GET /application/{id}/document/{docId}: one of the application's own documents. */
  async document(principal: Principal, id: string, documentId: string) {
    const row = await this.readable(principal, id);
    const doc = row.state.documents.find((d) => d.id === documentId);
    const bytes = doc && (await this.blobs.get(doc.blobKey));
    if (!doc || !bytes) throw APPLICATION_ERRORS.documentNotFound();
    return { filename: doc.filename, bytes };
  }

  /**
   * GET /application/{id}/downloads/result ('Download All'): one PDF opening with a contents page in the words of
   * the application view ('Application documents:', 'Verification {name} - {institute} documents:'), then each
   * document's pages. A document pdf-lib cannot read is named on the contents page as left out, and logged by id.
   */
  async downloadAll(principal: Principal, id: string): Promise<{ filename: string; bytes: Buffer }> {
    const row = await this.readable(principal, id);
    const sections: { title: string; docs: { id: string; name: string; blobKey: string }[] }[] = [
      { title: 'Application documents:', docs: row.state.documents.map((d) => ({ id: d.id, name: d.name, blobKey: d.blobKey })) },
    ];
    for (const v of await this.members.states(row.verificationIds)) {
      if (v.result === 'DELETED') continue;
      const outputs = outputDocumentsVisible(v.result ?? 'AWAITING_CONSENT');
      sections.push({
        title: `Verification ${v.person.firstname} ${v.person.surname} - ${v.institute?.name ?? ''} documents:`,
        docs: v.documents.filter((d) => !d.output || outputs).map((d) => ({ id: d.id, name: d.name, blobKey: d.blobKey })),
      });
    }
    // Issue 17: the organisation's bundle carries the certificates of its verifications too.
    const certificates = await this.certificates.forApplication(principal, row.verificationIds);
    if (!sections.some((s) => s.docs.length) && !certificates.length) throw noDocuments();

    const merged = await PDFDocument.create();
    merged.setTitle(`Application ${id}: documents`);
    const font = await merged.embedFont(StandardFonts.Helvetica);
    const bold = await merged.embedFont(StandardFonts.HelveticaBold);
    const lines: { text: string; font: PDFFont; size: number }[] = [
      { text: `Application to ${row.ownerName}`, font: bold, size: 16 },
      { text: `Applicant: ${row.applicantName}${row.customerReference && !principal.isIndividual ? ` (${row.customerReference})` : ''}`, font, size: 11 },
      { text: 'Documents and evidence provided for the application, in addition to any documents provided for the verifications.', font, size: 9 },
    ];
    const cover = merged.addPage();
    for (const section of sections) {
      if (!section.docs.length) continue;
      lines.push({ text: section.title, font: bold, size: 11 });
      for (const d of section.docs) {
        const bytes = await this.blobs.get(d.blobKey);
        let included = false;
        try {
          if (bytes) {
            const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
            for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
            included = true;
          }
        } catch (e) {
          this.logger.warn(`application ${id}: document ${d.id} could not be read as PDF (${(e as Error).message})`);
        }
        lines.push({ text: `  - ${d.name}${included ? '' : ' (could not be included: open it from the application)'}`, font, size: 10 });
      }
    }
    let y = cover.getHeight() - 60;
    for (const line of lines) {
      cover.drawText(winAnsi(line.text).slice(0, 110), { x: 50, y, size: line.size, font: line.font });
      y -= line.size + 10;
      if (y < 50) break;
    }
    const filename = `application-${id}-documents.pdf`;
    if (!certificates.length) return { filename, bytes: Buffer.from(await merged.save()) };
    const bytes = await mergeWithBookmarks([{ title: 'Application documents', pdf: await merged.save() }, ...certificates], {
      title: `Application ${id}: documents and certificates`,
      subject: `Application to ${row.ownerName}`,
      keywords: [id, ...row.verificationIds],
      issuedAt: new Date(),
    });
    return { filename, bytes };
  }
}

/** The standard PDF fonts speak WinAnsi only: other characters are shown as '?' rather than failing the download. */
const winAnsi = (s: string) => s.normalize('NFC').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
