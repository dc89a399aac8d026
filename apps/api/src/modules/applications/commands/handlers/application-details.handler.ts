import { customerCanSee, DomainError, LOCKED_INSTITUTES_ONLY, takesInstitute, VerificationInvalid, type ApplicationDocument } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import { bytesOfDataUrl } from '../../../verifications';
import { applicationActorOf } from '../../core/application-actor';
import { ApplicationMembers } from '../../core/application-members';
import type { ApplicationUpdateDto, SelectVerificationsDto } from '../../http/application.dto';
import { ApplicationDocuments, type DocumentInput } from '../application-documents';
import { ApplicationWriter } from '../application-writer';
import { ArchiveApplication, SubmitApplication } from './application-status.handler';

const invalid = (message: string) => new DomainError('invalid', message);

/** `fields` as [{key, value}] (the Application record's shape) or as {key: value}. */
function fieldMap(fields: unknown): Record<string, unknown> | undefined {
  if (fields === undefined || fields === null) return undefined;
  if (Array.isArray(fields)) {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (!f || typeof f !== 'object' || typeof (f as { key?: unknown }).key !== 'string') throw invalid('Each field needs a key and a value.');
      out[(f as { key: string }).key] = (f as { value?: unknown }).value ?? null;
    }
    return out;
  }
  if (typeof fields === 'object') return fields as Record<string, unknown>;
  throw invalid('fields must be a list of {key, value} or an object.');
}

/** PUT /application/{id} with {fields, documents}: the applicant saves the details and documents asked for. */
export class SaveApplicationDetails extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly applicationId: string,
    readonly fields: Record<string, unknown> | undefined,
    /** When given, the documents the application keeps (by id) and the new ones (with bytes); others go. */
    readonly documents: DocumentInput[] | undefined,
  ) {
    super();
  }
}

/**
 * PUT /application/{id} keeps the spec's one shape, and is read once into the explicit command it means:
 * {status: 'ARCHIVED'}, {status: 'PENDING'}, or {fields, documents} (fields as a list or a map, documents new
 * with a data URL or kept by id); anything else, or a status with fields, is refused.
 */
export function applicationUpdateCommand(principal: Principal, id: string, body: ApplicationUpdateDto): SubmitApplication | ArchiveApplication | SaveApplicationDetails {
  const fields = fieldMap(body.fields);
  if (body.status && (fields || body.documents)) throw invalid('Change the status, or save fields and documents, not both at once.');
  if (body.status === 'ARCHIVED') return new ArchiveApplication(principal, id);
  if (body.status === 'PENDING') return new SubmitApplication(principal, id);
  if (!fields && !body.documents) throw invalid("Send {status: 'ARCHIVED'}, {status: 'PENDING'} or {fields, documents}.");
  return new SaveApplicationDetails(
    principal,
    id,
    fields,
    body.documents?.map((d) => ({ id: d.data ? undefined : d.id, name: d.name, filename: d.filename, requirementId: d.requirementId, bytes: d.data ? bytesOfDataUrl(d.data) : undefined })),
  );
}

@CommandHandler(SaveApplicationDetails)
export class SaveApplicationDetailsHandler implements ICommandHandler<SaveApplicationDetails, void> {
  constructor(
    private readonly writer: ApplicationWriter,
    private readonly documents: ApplicationDocuments,
  ) {}

  async execute({ principal, applicationId: id, fields, documents }: SaveApplicationDetails): Promise<void> {
    const actor = applicationActorOf(principal);
    const state = await this.writer.visible(id, actor);
    const stored: ApplicationDocument[] = [];
    try {
      for (const d of documents ?? []) if (d.bytes) stored.push(await this.documents.store(state, d));
      const kept = new Set((documents ?? []).map((d) => d.id).filter(Boolean));
      const removed = documents ? state.documents.filter((d) => !kept.has(d.id)) : [];
      const appended = await this.writer.run(principal, id, () => [
        ...(fields ? [{ type: 'SaveApplicationDetails' as const, actor, fields }] : []),
        ...removed.map((d) => ({ type: 'RemoveApplicationDocument' as const, actor, documentId: d.id })),
        ...stored.map((document) => ({ type: 'AddApplicationDocument' as const, actor, document })),
      ]);
      await this.documents.discard(removed.filter((d) => !appended.state.documents.some((k) => k.id === d.id)));
    } catch (e) {
      await this.documents.discard(stored);
      throw e;
    }
  }
}

/** PUT /application/{id}/verification: the applicant's own verifications the application shall include. */
export class SelectApplicationVerifications extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly applicationId: string,
    readonly verificationIds: string[],
  ) {
    super();
  }

  static fromRequest(principal: Principal, applicationId: string, body: SelectVerificationsDto) {
    return new SelectApplicationVerifications(principal, applicationId, body.verificationIds.map(String));
  }
}

@CommandHandler(SelectApplicationVerifications)
export class SelectApplicationVerificationsHandler implements ICommandHandler<SelectApplicationVerifications, void> {
  constructor(
    private readonly writer: ApplicationWriter,
    private readonly members: ApplicationMembers,
  ) {}

  async execute({ principal, applicationId: id, verificationIds }: SelectApplicationVerifications): Promise<void> {
    const actor = applicationActorOf(principal);
    const application = await this.writer.visible(id, actor);
    const ids = [...new Set(verificationIds.map((v) => String(v).trim()).filter(Boolean))];
    const states = await this.members.states(ids);
    const mine = (v: (typeof states)[number]) =>
      v.result !== 'DELETED' && customerCanSee(v, { kind: 'customer', companyId: principal.companyId, username: principal.username, seesAll: true });
    const missing = ids.filter((vid) => !states.some((s) => s.id === vid && mine(s)));
    if (missing.length) throw new VerificationInvalid(missing.map((vid) => ({ field: 'verifications', message: `Verification ${vid} was not found in your wallet.` })));
    // An application that names its institutes takes verifications at those only (2.2), from the wallet too.
    if (states.some((s) => !takesInstitute(application.template, s.institute?.id))) {
      throw new VerificationInvalid([{ field: 'verifications', message: LOCKED_INSTITUTES_ONLY }]);
    }
    await this.writer.run(principal, id, [{ type: 'SelectVerifications', actor, verificationIds: ids }]);
  }
}
