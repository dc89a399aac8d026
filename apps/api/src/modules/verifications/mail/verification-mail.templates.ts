import { resultLabel, type VerificationState } from '@credence/domain';
import { mail, type RenderedMail } from '../../../infrastructure/mail/mail.templates';

const nameOf = (s: VerificationState) => `${s.person.firstname} ${s.person.surname}`.trim();
const instituteOf = (s: VerificationState) => s.institute?.name ?? 'the institute';

/** The NOT_FOUND guidance of verifications.md 8. */
export const NOT_FOUND_GUIDANCE = [
  'We have searched the data we hold for this institute, but no match for your request could be found.',
  'Please check the details match those at the time of attendance: a surname changed by marriage, a shortened first name, the date of birth format, or a typo in the reference are the usual reasons.',
];

/** The verification-progress mails of this area (to the submitter or the company's central address, and to resolvers). */
export const verificationMails = {
  resolveRequest: (s: VerificationState, link: string): RenderedMail =>
    mail(
      `Verification request for ${nameOf(s)} (${s.id})`,
      [
        `${s.companyName} has asked ${instituteOf(s)} to confirm the credentials of ${nameOf(s)}, born ${s.person.dob}.`,
        'Thank you for taking the time to respond to this request. Please review the details and resolve it as Verified, Rejected or Not Verified using the secure link below. The link works once and needs no login.',
      ],
      { label: 'Resolve this verification request', url: link },
    ),
  sentForManualCheck: (s: VerificationState, link: string): RenderedMail =>
    mail(`Verification ${s.id} for ${nameOf(s)} sent for checking`, [
      `Your verification of ${nameOf(s)} at ${instituteOf(s)} has been sent to ${instituteOf(s)} for manual checking.`,
      'A notification will be sent by email when a result is ready.',
    ], { label: 'View the verification', url: link }),
  result: (s: VerificationState, link: string): RenderedMail =>
    mail(
      `Verification ${s.id} for ${nameOf(s)}: ${resultLabel(s.result ?? '', 'history')}`,
      [
        `The verification of ${nameOf(s)} at ${instituteOf(s)} has a result: ${resultLabel(s.result ?? '', 'history')}.`,
        ...(s.result === 'REJECTED' ? ['The request was returned to you. Please review the notes, amend it and re-submit it for free.'] : []),
        ...(s.notes ? [`Institute / Employer provided details: ${s.notes}`] : []),
      ],
      { label: 'View the verification', url: link },
    ),
  actionRequired: (s: VerificationState, link: string): RenderedMail =>
    mail(`Verification ${s.id} for ${nameOf(s)}: Action Required`, [
      ...NOT_FOUND_GUIDANCE,
      s.retriesLeft > 0
        ? `You can re-submit it for free to be checked automatically ${s.retriesLeft} more time(s)${s.institute?.allowsPending ? ', or send it for manual checking' : ''}.`
        : s.institute?.allowsPending
          ? 'You can send it for manual checking.'
          : 'Please contact us if you need help with this request.',
    ], { label: 'Review the verification', url: link }),
  identityCapture: (s: VerificationState, link: string): RenderedMail =>
    mail(`Verify your identity for ${s.id}`, [
      `To complete the identity check for ${nameOf(s)}, please capture the identity document and then a photo of the face with our identity partner.`,
    ], { label: 'Complete verification', url: link }),
  delayed: (s: VerificationState, link: string): RenderedMail =>
    mail(`Verification ${s.id} for ${nameOf(s)}: Delayed at Source`, [
      'This verification is delayed. We are awaiting a response from the primary source.',
    ], { label: 'View the verification', url: link }),
  cancelled: (s: VerificationState, link: string): RenderedMail =>
    mail(`Verification ${s.id} for ${nameOf(s)}: Cancelled`, ['This verification has been cancelled at the users request.'], {
      label: 'View the verification',
      url: link,
    }),
  accreditation: (s: VerificationState, link: string): RenderedMail =>
    mail(`Accreditation check for ${s.id} completed`, [
      `The accreditation check of ${instituteOf(s)} for the verification of ${nameOf(s)} is complete: ${
        s.accreditation?.status === 'ACCREDITED' ? `accredited${s.accreditation.authority ? ` by ${s.accreditation.authority}` : ''}` : 'not accredited'
      }.`,
    ], { label: 'View the verification', url: link }),
};

export type VerificationMailName = keyof typeof verificationMails;
