import { documentRequirementsFor, type DocumentRef, type DocumentRequirementDef, type FieldValue, type VerificationCommand } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { InlineDocumentDto } from '../dto/submission.dto';
import type { DirectoryInstitute } from '../ports/institute-directory.port';
import type { CustomerActor } from './actors';
import { bytesOfDataUrl, DocumentIntake, type UnappendedBlobs } from './document-intake';

/** The documents a submission carries inline (data URLs): stored before the decision, attached by it. */
@Injectable()
export class InlineDocuments {
  constructor(private readonly intake: DocumentIntake) {}

  /** Runs a request that stores blobs; when it fails, the blobs no appended event references are deleted. */
  within<T>(work: (unappended: UnappendedBlobs) => Promise<T>): Promise<T> {
    return this.intake.discardOnFailure(work);
  }

  /**
   * Stores the documents that carry data (ones without are already attached) and answers the AttachDocument
   * commands for them. The stored blobs are listed in `unappended` until the verification's events are appended.
   * `fields` are the verification's field values once the request is applied: they decide the requirements (a
   * doctorate's Doctoral Degree Confirmation).
   */
  async attachments(
    id: string,
    documents: InlineDocumentDto[] | undefined,
    institute: DirectoryInstitute | null,
    fields: Readonly<Record<string, FieldValue>>,
    actor: CustomerActor,
    unappended: UnappendedBlobs,
  ): Promise<VerificationCommand[]> {
    const stored: DocumentRef[] = [];
    unappended.set(id, stored);
    const requirements = institute ? documentRequirementsFor(institute, fields) : [];
    for (const d of documents ?? []) {
      if (!d.data) continue;
      const requirement = requirements.find((r) => r.id === (d.requirementId ?? d.id) || (!d.requirementId && r.type === d.type && !!d.type));
      stored.push(
        await this.intake.store(id, bytesOfDataUrl(d.data), {
          name: d.name ?? requirement?.name ?? 'Additional document',
          requirementId: requirement?.id ?? null,
          filename: d.filename ?? null,
        }),
      );
    }
    return stored.map((document) => attachCommand(actor, document, requirements));
  }
}

export const attachCommand = (actor: CustomerActor, document: DocumentRef, requirements: readonly DocumentRequirementDef[]): VerificationCommand => ({
  type: 'AttachDocument',
  actor,
  document,
  requirements,
});
