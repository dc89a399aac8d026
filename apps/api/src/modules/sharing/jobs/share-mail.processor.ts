import { shareDecider, shareStream, type ShareState } from '@credence/domain';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { mail, type RenderedMail } from '../../../infrastructure/mail/mail.templates';
import { JOB_QUEUE, type Job, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { NotifyLedger } from '../../../infrastructure/queue/notify-ledger';
import { AccountsRepository } from '../../identity';
import { VerificationMailer } from '../../verifications';

const what = (s: ShareState) => (s.target.kind === 'WALLET' ? 'their verified wallet' : 'a verification result');

/** The invitation: an invitee without an account registers with the invited e-mail (shareinvite, access 2.7). */
export const shareMails = {
  /** `view`: where the share opens once they have an account (registered on another device, or later on). */
  invitation: (s: ShareState, url: string, view: string): RenderedMail =>
    mail(`${s.owner.name} has shared ${what(s)} with you`, [
      `Hello,`,
      `${s.owner.name} has shared ${what(s)} with you on Credence.`,
      `To see it, register with this e-mail address (${s.key}). Only you can open it.`,
      `Once registered, it is here when you are signed in: ${view}`,
    ], { label: 'Register to view', url }),
  signIn: (s: ShareState, url: string): RenderedMail =>
    mail(`${s.owner.name} has shared ${what(s)} with you`, [
      `Hello,`,
      `${s.owner.name} has shared ${what(s)} with you on Credence. Sign in with this e-mail address (${s.key}) to see it.`,
    ], { label: 'View the share', url }),
};

@Injectable()
export class ShareMailProcessor implements OnApplicationBootstrap {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly commands: CommandHandling,
    private readonly accounts: AccountsRepository,
    private readonly mailer: VerificationMailer,
    private readonly ledger: NotifyLedger,
  ) {}

  async onApplicationBootstrap() {
    await this.queue.work('share.notify', (job) => this.notify(job), { concurrency: 2 });
  }

  /** Writes the invitation, then closes its ledger row (a failure leaves it open: the queue retries, the sweep asks again). */
  async notify(job: Job<'share.notify'>) {
    await this.writeMail(job);
    await this.ledger.done(job.payload.eventId);
  }

  private async writeMail(job: Job<'share.notify'>) {
    const { state } = await this.commands.load(shareStream(job.payload.shareId), shareDecider);
    if (!state.exists || state.type !== 'PRIVATE' || state.revoked) return;
    const user = await this.accounts.userByUsername(state.key);
    const view = `/view/${encodeURIComponent(state.id)}`;
    const rendered =
      user && !user.pending
        ? shareMails.signIn(state, this.mailer.link(view))
        : shareMails.invitation(state, this.mailer.link(`/login/register?shareinvite=${encodeURIComponent(state.id)}&e=${encodeURIComponent(state.key)}`), this.mailer.link(view));
    await this.mailer.send('invitation', state.key, rendered, job.payload.eventId, 'share');
  }
}
