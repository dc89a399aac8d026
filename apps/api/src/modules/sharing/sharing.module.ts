import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';
import { IdentityModule } from '../identity/identity.module';
import { VerificationsModule } from '../verifications/verifications.module';
import { SHARE_COMMAND_HANDLERS } from './commands/share.handlers';
import { ShareWriter } from './commands/share-writer';
import { SharesController } from './http/shares.controller';
import { ShareMailProcessor } from './jobs/share-mail.processor';
import { ShareViews } from './queries/share-views.service';
import { ShareMailReactor } from './reactions/share-mail.reactor';
import { NotifyLedger, NotifySweeperDeps } from '../../infrastructure/queue/notify-ledger';
import { ShareNotifySweeper } from './jobs/share-notify.sweeper';

/**
 * Sharing (verifications.md 2.12, 7; access 6.7): private shares to an e-mail and public links, of one
 * verification or of an individual's wallet. Every share is the event stream `share-<id>` decided by libs/domain;
 * the owner's lists come from the share read model, a share's opening from its stream.
 */
@Module({
  imports: [IdentityModule, VerificationsModule],
  controllers: [SharesController],
  providers: [
    ShareWriter,
    ShareViews,
    ...SHARE_COMMAND_HANDLERS,
    ShareMailReactor,
    ShareMailProcessor,
    NotifyLedger,
    NotifySweeperDeps,
    ShareNotifySweeper,
  ],
})
export class SharingModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionsService,
    private readonly reactor: ShareMailReactor,
  ) {}

  onModuleInit() {
    this.projections.registerReactor(this.reactor.definition());
  }
}
