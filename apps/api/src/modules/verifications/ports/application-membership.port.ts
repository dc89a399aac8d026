import type { ApplicationState, MemberVerification, Problem, VerificationState } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';

/**
 * What the verification lifecycle needs of applications, as a port the applications module implements: may this
 * applicant submit into this application, would it be complete, include the new verifications (submitting the
 * application), which applications follow a verification, and may an organisation read a verification because it
 * is in an application made to it. Verifications never import the applications module: it builds on this one.
 */
export interface ApplicationMembership {
  /** The caller's own application, still open: verifications can be added to it (404/409 otherwise). */
  openFor(principal: Principal, applicationId: string): Promise<ApplicationState>;
  openOrNull(principal: Principal, applicationId: string): Promise<ApplicationState | null>;
  problemsWith(state: ApplicationState, added: readonly MemberVerification[]): Promise<Problem[]>;
  include(principal: Principal, applicationId: string, added: readonly MemberVerification[], submit: boolean): Promise<void>;
  applicationsOf(verificationId: string): Promise<string[]>;
  ownerCanRead(companyId: string, verificationId: string): Promise<boolean>;
}

export const APPLICATION_MEMBERSHIP = Symbol('APPLICATION_MEMBERSHIP');

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A verification as an application member: its result, and the person an identity check confirmed. */
export function memberOf(s: VerificationState): MemberVerification {
  const data = s.thirdPartyData ?? {};
  return {
    id: s.id,
    result: s.result ?? 'AWAITING_CONSENT',
    type: s.type,
    instituteName: s.institute?.name ?? '',
    person: { firstname: s.person.firstname, surname: s.person.surname, dob: s.person.dob },
    confirmed:
      s.type === 'IDENTITY' && s.thirdPartyData
        ? { firstname: text(data.firstName), surname: text(data.lastName), dob: text(data.dateOfBirth) }
        : null,
  };
}
