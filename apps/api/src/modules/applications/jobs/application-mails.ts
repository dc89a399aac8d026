import type { ApplicationState } from '@credence/domain';
import { mail, type RenderedMail } from '../../../infrastructure/mail/mail.templates';

const applicantName = (s: ApplicationState) => `${s.applicant.firstname} ${s.applicant.lastname}`.trim();

/** The application mails: to the applicant (action needed, archived) and to the organisation (completed). */
export const applicationMails = {
  actionRequired: (s: ApplicationState, link: string): RenderedMail =>
    mail(`Action required on your application to ${s.template.ownerName}`, [
      `Hello ${s.applicant.firstname},`,
      `One or more verifications in your application to ${s.template.ownerName} need your attention before it can be completed.`,
    ], { label: 'View your application', url: link }),
  archived: (s: ApplicationState, reviewed: boolean, link: string): RenderedMail =>
    mail(`Your application to ${s.template.ownerName}`, [
      `Hello ${s.applicant.firstname},`,
      reviewed
        ? `${s.template.ownerName} has reviewed your application.`
        : `${s.template.ownerName} has closed your application.`,
    ], { label: 'View your application', url: link }),
  reminder: (s: ApplicationState, link: string, unsubscribe: string): RenderedMail =>
    mail(`Reminder: your application to ${s.template.ownerName}`, [
      `Hello ${s.applicant.firstname},`,
      `Please complete your application which will be shared along with your verification results to ${s.template.ownerName}.`,
      `If you do not want these reminders, unsubscribe here: ${unsubscribe}`,
    ], { label: 'Complete your application', url: link }),
  completed: (s: ApplicationState, link: string): RenderedMail =>
    mail(`Application completed: ${applicantName(s)}`, [
      `The application of ${applicantName(s)}${s.customerReference ? ` (${s.customerReference})` : ''} is complete: every verification in it has its result.`,
    ], { label: 'View the application', url: link }),
};
