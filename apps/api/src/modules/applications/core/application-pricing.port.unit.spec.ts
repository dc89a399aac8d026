import { applicationEvent, evolveApplication, initialApplicationState, timed, type ApplicationOpened } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { ApplicationPricingFromApplications } from './application-pricing.port';
import type { CommandHandling } from '../../../infrastructure/command-handling/command-handling';

const opened = applicationEvent<ApplicationOpened>('ApplicationOpened', {
  applicationId: 'app-1',
  status: 'OPEN',
  previousStatus: null,
  template: { ...initialApplicationState().template, ownerId: 'acme', ownerCompanyId: 'acme', ownerName: 'Acme', applicantPays: false },
  applicant: { companyId: 'anna', userId: 'u1', username: 'anna@mail.test', firstname: 'Anna', lastname: 'Applicant' },
  customerReference: null,
});
const commands = {
  load: async (stream: string) => ({
    state: stream === 'application-app-1' ? evolveApplication(initialApplicationState(), timed(opened, '2026-11-21T10:00:00.000Z')) : initialApplicationState(),
    revision: 'no_stream' as const,
    recorded: [],
  }),
} as unknown as CommandHandling;
const caller = (over: Partial<Principal>) => ({ qcAdmin: false, isIndividual: true, companyId: 'anna', username: 'anna@mail.test', ...over }) as Principal;

describe('application pricing for GET /institute/{id}?applicationId=', () => {
  const port = new ApplicationPricingFromApplications(commands);

  it('tells the applicant, the organisation and staff whether the applicant pays', async () => {
    expect(await port.find('app-1', caller({}))).toEqual({ applicantPays: false, pricingScheme: null, nextPosition: 0 });
    expect(await port.find('app-1', caller({ isIndividual: false, companyId: 'acme', username: 'alice@acme.test' }))).toEqual({ applicantPays: false, pricingScheme: null, nextPosition: 0 });
    expect(await port.find('app-1', caller({ qcAdmin: true, isIndividual: false, companyId: 'credence' }))).toEqual({ applicantPays: false, pricingScheme: null, nextPosition: 0 });
  });

  it('tells nobody else anything, and knows no unknown application', async () => {
    expect(await port.find('app-1', caller({ companyId: 'indy', username: 'indy@mail.test' }))).toBeNull();
    expect(await port.find('app-1', caller({ isIndividual: false, companyId: 'globex' }))).toBeNull();
    expect(await port.find('nope', caller({}))).toBeNull();
  });
});
