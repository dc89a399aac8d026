import { DomainError, isInstituteOrParent, type VerificationState } from '@credence/domain';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { ApplicationGateway } from '../../applications';
import { AccountsRepository } from '../../identity';
import { LifecycleService, REFERRAL_READERS, type ReferralReaders } from '../../verifications';
import { imageDataUrl } from '../templates/html';
import type { CertificateBranding } from '../templates/certificate.template';

export type CertificateReader = 'customer' | 'owner';

export const verificationNotFound = () =>
  new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

/** Who may have a verification's certificate (verifications.md 2.9), and the branding they may put on it. */
@Injectable()
export class CertificateAccess {
  constructor(
    private readonly lifecycle: LifecycleService,
    private readonly applications: ApplicationGateway,
    private readonly accounts: AccountsRepository,
    // Bound by the referrals module (REFERRAL_READERS); absent where it is not loaded.
    @Optional() @Inject(REFERRAL_READERS) private readonly referrals?: ReferralReaders,
  ) {}

  /**
   * The same readers as GET /verification/{id} (the lifecycle's readerOf, then the application owner), narrowed
   * to 2.9's 'organisation users' and owners: individuals, applicants, institutes and staff are refused (403);
   * anyone who cannot read the verification at all gets 404, as on the read routes.
   */
  async authorise(principal: Principal, state: VerificationState): Promise<CertificateReader> {
    const reader = await this.lifecycle.readerOf(principal, state);
    if (!reader) {
      if (state.result !== 'DELETED' && (await this.applications.ownerCanRead(principal.companyId, state.id)))
        return 'owner';
      // A referral owner opens the record from its referral history (verifications 2.14) and may download what it
      // reads there, as an application's owner does (the certificate holds no documents).
      if (
        state.result !== 'DELETED' &&
        (await this.referrals?.referrerCanRead(principal.companyId, state.id))
      )
        return 'owner';
      throw verificationNotFound();
    }
    const organisation =
      !principal.isIndividual && !principal.isApplicant && !isInstituteOrParent(principal.paymentType);
    if (reader !== 'customer' || !organisation) {
      throw new DomainError(
        'forbidden',
        'Certificates are downloaded by organisation users.',
        'QC-CERTIFICATE-FORBIDDEN',
      );
    }
    return 'customer';
  }

  async branding(principal: Principal, reader: CertificateReader): Promise<CertificateBranding> {
    const company = await this.accounts.company(principal.companyId);
    const partner = imageDataUrl(company?.partnerLogo);
    const owner = imageDataUrl(company?.ownerLogo);
    if (partner) return { label: 'In partnership with', logo: partner, name: company?.name ?? '' };
    if (owner || (reader === 'owner' && company))
      return { label: 'On behalf of', logo: owner, name: company?.name ?? '' };
    throw new DomainError(
      'forbidden',
      'Partner branding is not enabled for this account.',
      'QC-BRAND-FORBIDDEN',
    );
  }
}
