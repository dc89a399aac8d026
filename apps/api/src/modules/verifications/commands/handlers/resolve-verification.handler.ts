import { DomainError, type Actor, type ResolutionResult, type VerificationCommand } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../../common/auth/principal';
import { VerificationDetailQuery } from '../../queries/verification-detail.query';
import { Actors } from '../actors';
import type { VerificationCommandResult } from '../verification-stream';
import { commandContext, VerificationWriter } from '../verification-writer';

const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

export interface ResolutionInput {
  result: ResolutionResult;
  notes?: string | null;
  approvedByName?: string;
  approvedByTitle?: string;
  abp?: string | null;
}

function resolveCommand(actor: Actor, input: ResolutionInput, resolverName: string): VerificationCommand {
  return {
    type: 'ResolveVerification',
    actor,
    resolverName,
    resolution: {
      result: input.result,
      notes: input.notes ?? null,
      approvedByName: input.approvedByName ?? '',
      approvedByTitle: input.approvedByTitle ?? '',
      approvalProcess: input.abp ?? null,
    },
  };
}

/** PUT /verification/pending/{id}: an institute, a parent account or staff resolves. */
export class ResolveVerification extends Command<VerificationCommandResult> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly input: ResolutionInput,
  ) {
    super();
  }
}

@CommandHandler(ResolveVerification)
export class ResolveVerificationHandler implements ICommandHandler<ResolveVerification, VerificationCommandResult> {
  constructor(
    private readonly actors: Actors,
    private readonly writer: VerificationWriter,
  ) {}

  async execute({ principal, verificationId, input }: ResolveVerification): Promise<VerificationCommandResult> {
    const resolver = await this.actors.resolver(principal);
    if (!resolver) throw notFound();
    const resolverName = resolver.actor.kind === 'staff' ? 'Credence' : resolver.company.name;
    return this.writer.run(verificationId, resolveCommand(resolver.actor, input, resolverName), commandContext(principal));
  }
}

/** PUT /verification/pending/key/{vkey}: the public resolve link; the key (>= 128 bits, only its hash is stored) stands in for a login. */
export class ResolveVerificationByLink extends Command<VerificationCommandResult> {
  constructor(
    readonly key: string,
    readonly input: ResolutionInput,
  ) {
    super();
  }
}

@CommandHandler(ResolveVerificationByLink)
export class ResolveVerificationByLinkHandler implements ICommandHandler<ResolveVerificationByLink, VerificationCommandResult> {
  constructor(
    private readonly details: VerificationDetailQuery,
    private readonly writer: VerificationWriter,
  ) {}

  async execute({ key, input }: ResolveVerificationByLink): Promise<VerificationCommandResult> {
    // The key's hash finds the verification; the decision checks it against the stream's own hash.
    const found = await this.details.byResolveKey(key);
    if (!found) throw notFound();
    const actor: Actor = { kind: 'public-link', keyHash: found.keyHash };
    const state = found.row.state;
    const resolverName = (typeof state.fields.employerName === 'string' && state.fields.employerName) || state.institute?.name || 'Resolver';
    return this.writer.run(found.row.id, resolveCommand(actor, input, resolverName), { commandId: randomUUID(), actor: 'public:resolve-link' });
  }
}
