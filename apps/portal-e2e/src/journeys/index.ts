import type { Journey } from '../harness.ts';
import { annaSubmitsApplication, applicantSelectsWalletVerification } from './applications.ts';
import {
  applicantsOfAnOrganisation,
  applicationHistoryOfAnIndividual,
  referralsOfAnOrganisation,
} from './applicants.ts';
import { debugRecordingJourney, errorReportJourney } from './debug.ts';
import { coverageJourney, individualHighSchool, instituteUserOrders } from './ordering-more.ts';
import { identityCapture } from './identity.ts';
import { impersonation } from './impersonation.ts';
import { homeAndDashboard } from './insights.ts';
import {
  analyticsJourney,
  countryInsightsJourney,
  individualDashboardJourney,
  individualDismissJourney,
} from './analytics.ts';
import { invoicesAndCreditOrder, receiptsAndSettlement } from './money.ts';
import { termsAndWelcome } from './modals.ts';
import { publicScreens } from './public-screens.ts';
import { registerIndividual, registerLargeOrganisation, registerOrganisation } from './register.ts';
import { expiredSession, forgotAndReset } from './session.ts';
import { shellScreens } from './shell.ts';
import { applicantSidebar, sidebars } from './sidebars.ts';
import { cardPaymentSandbox, draftSavedForLater, invoiceAndTokenOrders } from './ordering.ts';
import { multiOrderWithChallenge } from './ordering-multi.ts';
import { documentRefusals } from './ordering-documents.ts';
import { publicResolve, resolveRejected, resolveVerified, restrictedHistory } from './resolving.ts';
import { shareVerificationPublicly, shareWalletPrivately } from './sharing.ts';
import { teamUsers } from './team.ts';
import { amendAndResubmit, historyAndCertificate } from './verifications.ts';
import { securityHeaders } from './security.ts';

/** In order: journeys that change demo data (passwords, team members, access flags) come after those that read it. */
export const journeys: Journey[] = [
  publicScreens,
  sidebars,
  applicantSidebar,
  shellScreens,
  homeAndDashboard,
  debugRecordingJourney,
  errorReportJourney,
  analyticsJourney,
  countryInsightsJourney,
  individualDashboardJourney,
  individualDismissJourney,
  termsAndWelcome,
  expiredSession,
  registerOrganisation,
  registerLargeOrganisation,
  registerIndividual,
  teamUsers,
  impersonation,
  forgotAndReset,
  historyAndCertificate,
  amendAndResubmit,
  resolveVerified,
  resolveRejected,
  publicResolve,
  restrictedHistory,
  invoiceAndTokenOrders,
  draftSavedForLater,
  cardPaymentSandbox,
  multiOrderWithChallenge,
  documentRefusals,
  identityCapture,
  invoicesAndCreditOrder,
  receiptsAndSettlement,
  shareVerificationPublicly,
  shareWalletPrivately,
  securityHeaders,
  individualHighSchool,
  instituteUserOrders,
  coverageJourney,
  annaSubmitsApplication,
  applicantSelectsWalletVerification,
  applicantsOfAnOrganisation,
  applicationHistoryOfAnIndividual,
  referralsOfAnOrganisation,
];
