import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { AccountsRepository } from '../../identity';
import { CommandBus } from '@nestjs/cqrs';
import { SaveVerification } from '../../verifications';
import { SaveApplicationDetails } from '../commands/handlers';
import { atUniDemo, CARD, DemoVerificationsSeeder, HELD, PDF, person } from '../../verifications';
import { bytesOfDataUrl } from '../../verifications';
import { ApplicationOpener } from '../jobs/application-opener';
import { ApplicationProcessors } from '../jobs/application-processors';

/**
 * Demo applications to Acme, made through the area's own commands: anna's is open (her wallet verifications can
 * join it), jane's completed with her verified degree, omar's pending with University of Demo after a NOT_FOUND.
 */
@Injectable()
export class DemoApplicationsSeeder {
  private readonly logger = new Logger('DemoApplications');

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly demo: DemoVerificationsSeeder,
    private readonly opener: ApplicationOpener,
    private readonly commandBus: CommandBus,
    private readonly processors: ApplicationProcessors,
  ) {}

  async run(): Promise<void> {
    await this.demo.chain(async () => {
      const [anna, jane, omar] = await Promise.all(['anna@mail.test', 'jane@mail.test', 'omar@mail.test'].map((u) => this.demo.principal(u)));
      await this.open(anna, 'CAND-0001');

      const janes = await this.open(jane, 'CAND-0002');
      await this.details(jane, janes, 'CAND-0002', 'Graduate analyst');
      await this.demo.create(jane, { ...atUniDemo(HELD.jane, null), applicationId: janes, creditPurchase: CARD }, true);
      await this.demo.drain();
      await this.processors.reconcile(janes, 'demo-seed');

      const omars = await this.open(omar, 'CAND-0003');
      await this.details(omar, omars, 'CAND-0003', 'Software engineer');
      const omarsDegree = person('Omar', 'Haddad', '1994-02-17', 'BSc (Hons)', 'Computer Science', 2016);
      const { ids } = await this.demo.create(omar, { ...atUniDemo(omarsDegree, null), applicationId: omars, creditPurchase: CARD }, true);
      await this.demo.drain();
      await this.processors.reconcile(omars, 'demo-seed/not-found');
      await this.commandBus.execute(new SaveVerification(omar, ids[0], { force: true }, true));
      await this.demo.drain();
      await this.processors.reconcile(omars, 'demo-seed/manual');
    });
    this.logger.log('demo applications seeded');
  }

  private async open(p: Principal, reference: string): Promise<string> {
    const user = (await this.accounts.userById(p.userId))!;
    const id = await this.opener.open({ userId: p.userId, username: p.username, companyId: p.companyId, firstname: user.firstname, lastname: user.lastname, ownerId: 'acme', customerReference: reference });
    return id!;
  }

  private details(p: Principal, id: string, candidateNumber: string, role: string) {
    return this.commandBus.execute(
      new SaveApplicationDetails(p, id, { candidateNumber, role }, [{ requirementId: 'cv', name: 'Curriculum vitae', filename: 'cv.pdf', bytes: bytesOfDataUrl(PDF) }]),
    );
  }
}
