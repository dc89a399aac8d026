import { DomainError, outputDocumentsVisible } from '@credence/domain';
import type { ApplicationRow } from '@credence/read-models';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Principal } from '../../../common/auth/principal';
import { CertificateService, mergeWithBookmarks } from '../../rendering';
import { BLOB_STORE, type BlobStore } from '../../verifications';
import { ApplicationMembers } from '../core/application-members';

const noDocuments = () => new DomainError('not-found', 'No documents are available to review yet.', 'QC-NO-DOCUMENTS');

/** 'Download All' of an application: its documents, its verifications' documents and certificates in one PDF. */
@Injectable()
export class ApplicationBundle {
  private readonly logger = new Logger('Applications');

  constructor(
    private readonly members: ApplicationMembers,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly certificates: CertificateService,
  ) {}

  blob(key: string) {
    return this.blobs.get(key);
  }

  /**
   * GET /application/{id}/downloads/result ('Download All'): one PDF opening with a contents page in the words of
   * the application view ('Application documents:', 'Verification {name} - {institute} documents:'), then each
   * document's pages. A document pdf-lib cannot read is named on the contents page as left out, and logged by id.
   */
  async build(principal: Principal, row: ApplicationRow): Promise<{ filename: string; bytes: Buffer }> {
    const id = row.id;
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
