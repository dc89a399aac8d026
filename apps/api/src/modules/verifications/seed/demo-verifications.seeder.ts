import type { ResolutionResult } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { AccountsRepository } from '../../identity';
import { demoPrincipal } from '../../identity';
import { CommandBus } from '@nestjs/cqrs';
import { CancelVerification, DeleteVerification, MarkVerificationUnable, ResolveVerification, SaveVerification, SubmitVerifications } from '../commands/handlers';
import type { SubmissionResult } from '../commands/submission-entry';
import { heldJobs, runSeeding } from '../../../infrastructure/seeding/seeding-context';
import type { SubmissionBodyDto } from '../dto/submission.dto';
import { VerificationChecksProcessor } from '../jobs/verification-checks.processor';
import { VerificationMailProcessor } from '../jobs/verification-mail.processor';

export const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1').toString('base64')}`;
export const CARD = { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false };

interface Person {
  firstname: string;
  surname: string;
  dob: string;
  qualification?: string;
  course?: string;
  gradYear?: number;
  studentId?: string;
}

/** Held in University of Demo's records (catalogue demo data): the automatic check verifies these. */
export const HELD: Record<'jane' | 'john' | 'siobhan', Person> = {
  jane: { firstname: 'Jane', surname: 'Doe', dob: '1995-04-12', qualification: 'BSc (Hons)', course: 'Computer Science', gradYear: 2017, studentId: 'UD100001' },
  john: { firstname: 'John', surname: 'Smith', dob: '1988-11-30', qualification: 'MBA', course: 'Business Administration', gradYear: 2014, studentId: 'UD100002' },
  siobhan: { firstname: 'Siobhan', surname: "O'Brien", dob: '1992-02-29', qualification: 'PhD', course: 'Physics', gradYear: 2020, studentId: 'UD100003' },
};
/** Not held: the automatic check answers NOT_FOUND. */
export const person = (firstname: string, surname: string, dob: string, qualification = 'BA (Hons)', course = 'History', gradYear = 2012): Person => ({
  firstname,
  surname,
  dob,
  qualification,
  course,
  gradYear,
});

export const atUniDemo = (p: Person, reference: string | null): SubmissionBodyDto => ({
  instituteId: 'uni-demo',
  type: 'UNI',
  fields: { firstname: p.firstname, surname: p.surname, dob: p.dob, qualification: p.qualification, course: p.course, gradYear: p.gradYear, studentId: p.studentId },
  customerReference: reference,
  documents: [{ requirementId: 'consent-institute', name: 'Institute Consent Form', data: PDF, filename: 'consent.pdf' }],
  consent: true,
});

/**
 * Demo verifications for every screen, made through the area's own command handlers so the streams, read models,
 * timelines and mails are the real thing: alice and bob (Acme, card), carol (Globex, invoice), dave (Initech,
 * tokens), indy (individual) and anna (applicant) in every result of verifications.md 4; requests waiting for
 * irene (University of Demo) and ones she resolved earlier.
 */
@Injectable()
export class DemoVerificationsSeeder {
  private readonly logger = new Logger('DemoVerifications');

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly commandBus: CommandBus,
    private readonly checks: VerificationChecksProcessor,
    private readonly mails: VerificationMailProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  run(): Promise<void> {
    return this.seed();
  }

  /** One customer's chain in its own seeding context: its jobs (checks, mails) run in order, right away. */
  chain(fn: () => Promise<void>): Promise<void> {
    return runSeeding(async () => {
      await fn();
      await this.drain();
    });
  }

  /** Runs the held jobs (and the ones they cause) now. Identity checks are left to the queue. */
  async drain() {
    const held = heldJobs()!;
    for (let job = held.shift(); job; job = held.shift()) {
      const base = { key: job.key, attempt: 1 };
      if (job.queue === 'verification.auto-check') {
        await this.checks.autoCheck({ ...base, queue: job.queue, payload: job.payload as { verificationId: string; checkId: string } });
      } else if (job.queue === 'verification.notify') {
        await this.mails.notify({ ...base, queue: job.queue, payload: job.payload as { verificationId: string; eventId: string; eventType: string } });
      }
    }
  }

  private async seed(): Promise<void> {
    const [alice, bob, carol, dave, indy, anna, irene, staff] = await Promise.all(
      ['alice@acme.test', 'bob@acme.test', 'carol@globex.test', 'dave@initech.test', 'indy@mail.test', 'anna@mail.test', 'irene@uni-demo.test', 'admin@credence.test'].map((u) => this.principal(u)),
    );

    // Customers' chains run side by side (each company's money ledger serialises its own orders).
    await Promise.all([
      this.chain(() => this.alice(alice, irene, staff)),
      this.chain(() => this.bob(bob, irene)),
      this.chain(() => this.others(carol, dave, irene)),
      this.chain(() => this.individuals(indy, anna, irene)),
    ]);
    this.logger.log('demo verifications seeded');
  }

  /** Acme's admin: verified, action required, pending, rejected, cancelled, delayed, deleted, employment. */
  private async alice(alice: Principal, irene: Principal, staff: Principal) {
    await this.verified(alice, HELD.jane, 'ACME-1001');
    await this.notFound(alice, person('Oliver', 'Quinn', '1990-07-14'), 'ACME-1002');
    await this.pendingWithInstitute(alice, person('Priya', 'Patel', '1993-03-08', 'MSc', 'Statistics', 2018), 'ACME-1003');
    const liam = await this.pendingWithInstitute(alice, person('Liam', 'Walsh', '1989-12-01', 'LLB (Hons)', 'Law', 2011), 'ACME-1004');
    await this.resolvedBy(irene, liam, 'REJECTED', 'The consent form is not signed. Please upload a signed copy.');
    const cancelled = await this.pendingWithInstitute(alice, person('Ella', 'Brooks', '1990-10-10'), 'ACME-1010');
    await this.commandBus.execute(new CancelVerification(alice, cancelled, 'The candidate withdrew.'));
    const kofi = await this.pendingWithInstitute(alice, person('Kofi', 'Mensah', '1985-04-04', 'MBA', 'Finance', 2012), 'ACME-1011');
    await this.commandBus.execute(new MarkVerificationUnable(staff, kofi, 'The institute is closed until September.'));
    const deleted = (await this.create(alice, atUniDemo(person('Dan', 'Draft', '1999-09-09'), 'ACME-1012'), false)).ids[0];
    await this.commandBus.execute(new DeleteVerification(alice, deleted));
    await this.create(
      alice,
      {
        type: 'EMPLOYMENT',
        fields: {
          firstname: 'Erin', surname: 'Worker', dob: '1985-03-04', employerName: 'Widgets Ltd', employerAddress: '1 Widget Way, Leeds',
          employerContactName: 'Harriet Hughes', employerPhone: '+44 113 496 0000', employerEmail: 'hr@widgets.test', jobTitle: 'Engineer', startDate: '2015-02-01',
        },
        customerReference: 'ACME-1013',
        documents: [{ requirementId: 'consent-qc-employment', name: 'Credence Consent Form', data: PDF }],
        consent: true,
        creditPurchase: CARD,
      },
      true,
    );
  }

  /** Acme's user: verified, not verified, resolved by irene, unpaid, a draft awaiting consent. */
  private async bob(bob: Principal, irene: Principal) {
    await this.resolvedBy(irene, await this.pendingWithInstitute(bob, person('Sam', 'Carter', '1987-05-20', 'BEng (Hons)', 'Civil Engineering', 2009), 'ACME-1005'), 'NOT_VERIFIED', 'We hold no record of this award for this person.');
    await this.resolvedBy(irene, await this.pendingWithInstitute(bob, person('Grace', 'Hall', '1994-09-17', 'BA (Hons)', 'English Literature', 2016), 'ACME-1006'), 'VERIFIED', 'Awarded with first class honours.');
    await this.verified(bob, HELD.john, 'ACME-1007');
    await this.create(bob, atUniDemo(person('Mia', 'Wong', '1996-01-25'), 'ACME-1008'), true); // UNPAID: no card token
    await this.create(bob, { ...atUniDemo(person('Noah', 'Fischer', '1991-08-09'), 'ACME-1009'), documents: [] }, false); // AWAITING_CONSENT
  }

  /** Globex pays by invoice, Initech in credits. */
  private async others(carol: Principal, dave: Principal, irene: Principal) {
    await this.verified(carol, HELD.siobhan, 'GLX-2001');
    await this.pendingWithInstitute(carol, person('Homer', 'Jay', '1980-05-12', 'BSc (Hons)', 'Physics', 2002), 'GLX-2002');
    await this.notFound(carol, person('Marge', 'Bouvier', '1982-03-19'), 'GLX-2003');
    await this.verified(dave, HELD.jane, 'INI-3001');
    await this.resolvedBy(irene, await this.pendingWithInstitute(dave, person('Peter', 'Gibbons', '1983-02-11', 'BCom', 'Accounting', 2005), 'INI-3002'), 'REJECTED', 'The date of birth does not match our records.');
  }

  /** Indy's own credentials (the wallet) and Anna's, who pays as an applicant. */
  private async individuals(indy: Principal, anna: Principal, irene: Principal) {
    await this.resolvedBy(irene, await this.pendingWithInstitute(indy, person('Indy', 'Individual', '1992-06-30', 'BA (Hons)', 'Geography', 2014), null), 'VERIFIED', null);
    await this.pendingWithInstitute(indy, person('Indy', 'Individual', '1992-06-30', 'MA', 'Geography', 2016), null);
    await this.create(indy, { ...atUniDemo(person('Indy', 'Individual', '1992-06-30', 'PGCE', 'Education', 2017), null), documents: [] }, false);
    await this.pendingWithInstitute(anna, person('Anna', 'Applicant', '1998-11-11', 'BSc (Hons)', 'Psychology', 2020), null);
    await this.notFound(anna, person('Anna', 'Applicant', '1998-11-11', 'MSc', 'Psychology', 2021), null);
  }

  /** Submitted and paid (card, invoice or credits), then the automatic check and its mails, run now. */
  private async submitted(p: Principal, who: Person, reference: string | null): Promise<string> {
    const { ids } = await this.create(p, { ...atUniDemo(who, reference), creditPurchase: CARD }, true);
    await this.drain();
    return ids[0];
  }

  private verified(p: Principal, who: Person, reference: string | null) {
    return this.submitted(p, who, reference);
  }

  private notFound(p: Principal, who: Person, reference: string | null) {
    return this.submitted(p, who, reference);
  }

  /** NOT_FOUND, then sent for manual checking: it waits for irene. */
  private async pendingWithInstitute(p: Principal, who: Person, reference: string | null): Promise<string> {
    const id = await this.submitted(p, who, reference);
    await this.commandBus.execute(new SaveVerification(p, id, { force: true }, true));
    return id;
  }

  private async resolvedBy(resolver: Principal, id: string, result: ResolutionResult, notes: string | null) {
    await this.commandBus.execute(new ResolveVerification(resolver, id, { result, notes, approvedByName: 'Irene Ingram', approvedByTitle: 'Registrar' }));
  }

  /** POST /verification as the portal sends it, through the command bus. */
  create(p: Principal, body: SubmissionBodyDto, submit: boolean): Promise<SubmissionResult> {
    return this.commandBus.execute(new SubmitVerifications(p, body, submit));
  }

  async principal(username: string): Promise<Principal> {
    return demoPrincipal(this.accounts, username, this.config.staffDomain);
  }

}
