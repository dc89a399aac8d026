import { Suspense, type ReactNode } from 'react';
import { Navigate, generatePath, useLocation, useParams, type RouteObject } from 'react-router';
import { RouteGuard } from '@/app/RouteGuard';
import { ScreenLoading } from '@/app/ScreenLoading';
import type { Access, RouteHandle } from '@/shared/routing/routeHandle';
import { MaintenanceScreen } from '@/features/system/components/MaintenanceScreen';
import { NotFoundScreen } from '@/features/system/components/NotFoundScreen';
import { AppShell } from '@/app/shell/AppShell';
import { PublicLayout } from '@/shared/layout/PublicLayout';
import { lazyScreen } from '@/shared/routing/lazyScreen';
import { homePath } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { SessionRecording } from '@/shared/debug/SessionRecording';
import { ScreenCrash } from '@/app/ScreenCrash';

/*
 * Every screen loads with its route (React.lazy, through lazyScreen): /login does not download the account screen, and a screen's own
 * libraries (charts, maps, the card form) come with it. Two stay in the first download on purpose: the 404 and the
 * maintenance page, a few hundred bytes each and the pages shown when something is wrong, where one more request is
 * the thing most likely to fail.
 */
const AccountScreen = lazyScreen(
  () => import('@/features/account/components/AccountScreen'),
  'AccountScreen',
);
const CertificateCheckScreen = lazyScreen(
  () => import('@/features/certificate/components/CertificateCheckScreen'),
  'CertificateCheckScreen',
);
const LoginScreen = lazyScreen(() => import('@/features/auth/components/LoginScreen'), 'LoginScreen');
const ResetPasswordScreen = lazyScreen(
  () => import('@/features/auth/components/ResetPasswordScreen'),
  'ResetPasswordScreen',
);
const RegisterScreen = lazyScreen(
  () => import('@/features/register/components/RegisterScreen'),
  'RegisterScreen',
);
const BookAMeetingScreen = lazyScreen(
  () => import('@/features/system/components/BookAMeetingScreen'),
  'BookAMeetingScreen',
);
const FaqsScreen = lazyScreen(() => import('@/features/system/components/FaqsScreen'), 'FaqsScreen');
const NewVerificationScreen = lazyScreen(
  () => import('@/features/ordering/components/NewVerificationScreen'),
  'NewVerificationScreen',
);
const StartVerificationScreen = lazyScreen(
  () => import('@/features/ordering/components/NewVerificationScreen'),
  'StartVerificationScreen',
);
const StartApplicationScreen = lazyScreen(
  () => import('@/features/applications/components/StartApplicationScreen'),
  'StartApplicationScreen',
);
const OpenApplicationsScreen = lazyScreen(
  () => import('@/features/applications/components/OpenApplicationsScreen'),
  'OpenApplicationsScreen',
);
const ApplicationHistoryScreen = lazyScreen(
  () => import('@/features/applications/components/ApplicationHistoryScreen'),
  'ApplicationHistoryScreen',
);
const CoverageScreen = lazyScreen(
  () => import('@/features/coverage/components/CoverageScreen'),
  'CoverageScreen',
);
const VerificationHistoryScreen = lazyScreen(
  () => import('@/features/verifications/components/VerificationHistoryScreen'),
  'VerificationHistoryScreen',
);
const ViewVerificationScreen = lazyScreen(
  () => import('@/features/verifications/components/ViewVerificationScreen'),
  'ViewVerificationScreen',
);
const PendingVerificationsScreen = lazyScreen(
  () => import('@/features/pending/components/ResolverListScreen'),
  'PendingVerificationsScreen',
);
const ResolvedVerificationsScreen = lazyScreen(
  () => import('@/features/pending/components/ResolverListScreen'),
  'ResolvedVerificationsScreen',
);
const ResolvePendingScreen = lazyScreen(
  () => import('@/features/pending/components/ResolveScreen'),
  'ResolvePendingScreen',
);
const PublicResolveScreen = lazyScreen(
  () => import('@/features/pending/components/ResolveScreen'),
  'PublicResolveScreen',
);
const ResolvedVerificationScreen = lazyScreen(
  () => import('@/features/pending/components/ResolvedVerificationScreen'),
  'ResolvedVerificationScreen',
);
const BuyCreditScreen = lazyScreen(
  () => import('@/features/money/components/BuyCreditScreen'),
  'BuyCreditScreen',
);
const CreditHistoryScreen = lazyScreen(
  () => import('@/features/money/components/CreditHistoryScreen'),
  'CreditHistoryScreen',
);
const InvoiceScreen = lazyScreen(() => import('@/features/money/components/InvoiceScreen'), 'InvoiceScreen');
const OrderCreditsScreen = lazyScreen(
  () => import('@/features/money/components/OrderCreditsScreen'),
  'OrderCreditsScreen',
);
const WalletScreen = lazyScreen(() => import('@/features/wallet/components/WalletScreen'), 'WalletScreen');
const ShareViewScreen = lazyScreen(() => import('@/features/share-view/components/ShareViewScreen'), 'ShareViewScreen');
const HomeScreen = lazyScreen(() => import('@/features/home/components/HomeScreen'), 'HomeScreen');
const DashboardScreen = lazyScreen(() => import('@/features/dashboard/components/DashboardScreen'), 'DashboardScreen');
const AnalyticsScreen = lazyScreen(() => import('@/features/analytics/components/AnalyticsScreen'), 'AnalyticsScreen');
const CountryInsightsScreen = lazyScreen(() => import('@/features/country-insights/components/CountryInsightsScreen'), 'CountryInsightsScreen');
const CountryInsightPromptScreen = lazyScreen(
  () => import('@/features/country-insights/components/CountryInsightPromptScreen'),
  'CountryInsightPromptScreen',
);
const ApplicantsScreen = lazyScreen(() => import('@/features/applicants/components/ApplicantsScreen'), 'ApplicantsScreen');
const ViewApplicantScreen = lazyScreen(() => import('@/features/applicants/components/ViewApplicantScreen'), 'ViewApplicantScreen');
const ReferralsScreen = lazyScreen(() => import('@/features/referrals/components/ReferralsScreen'), 'ReferralsScreen');
const UnsubscribeScreen = lazyScreen(
  () => import('@/features/unsubscribe/components/UnsubscribeScreen'),
  'UnsubscribeScreen',
);

const lazyScreens = [
  HomeScreen,
  DashboardScreen,
  AnalyticsScreen,
  CountryInsightsScreen,
  CountryInsightPromptScreen,
  AccountScreen,
  CertificateCheckScreen,
  LoginScreen,
  ResetPasswordScreen,
  RegisterScreen,
  BookAMeetingScreen,
  FaqsScreen,
  UnsubscribeScreen,
  WalletScreen,
  ShareViewScreen,
  VerificationHistoryScreen,
  ViewVerificationScreen,
  NewVerificationScreen,
  StartVerificationScreen,
  CoverageScreen,
  StartApplicationScreen,
  OpenApplicationsScreen,
  ApplicationHistoryScreen,
  ApplicantsScreen,
  ViewApplicantScreen,
  ReferralsScreen,
  PendingVerificationsScreen,
  ResolvedVerificationsScreen,
  ResolvePendingScreen,
  PublicResolveScreen,
  ResolvedVerificationScreen,
  BuyCreditScreen,
  CreditHistoryScreen,
  InvoiceScreen,
  OrderCreditsScreen,
];

/** Loads every screen's code: for tests that render a route and look at it at once. */
export function preloadScreens(): Promise<void> {
  return Promise.all(lazyScreens.map((s) => s.preload())).then(() => undefined);
}

/** Every route of access.md 2.1, in one place, with the spec's screen names and the screen each shows. */
export interface Screen {
  path: string;
  name: string;
  individualName?: string;
  element: ReactNode;
  wide?: boolean;
}

export const privateScreens: Screen[] = [
  { path: '/', name: 'redirect', element: <HomeRedirect /> },
  { path: '/home', name: 'Home', element: <HomeScreen /> },
  { path: '/dashboard', name: 'Dashboard', element: <DashboardScreen /> },
  { path: '/wallet', name: "I'm Verified Wallet", element: <WalletScreen /> },
  { path: '/verification/new', name: 'New Verification', element: <NewVerificationScreen /> },
  { path: '/verification/start', name: 'Start Verification', element: <StartVerificationScreen /> },
  { path: '/verification/coverage', name: 'Coverage', element: <CoverageScreen /> },
  { path: '/verification/coverage/:initRegion', name: 'Coverage', element: <CoverageScreen /> },
  { path: '/verification/history', name: 'History list', element: <VerificationHistoryScreen /> },
  { path: '/verification/history/:id', name: 'View Verification', element: <ViewVerificationScreen /> },
  { path: '/application/:id/start', name: 'Application', element: <StartApplicationScreen /> },
  { path: '/applications/open', name: 'Open applications', element: <OpenApplicationsScreen /> },
  { path: '/referrals/list', name: 'Referrals', element: <ReferralsScreen /> },
  { path: '/applicant/history', name: 'Applicants list', element: <ApplicantsScreen /> },
  { path: '/applicant/history/:id', name: 'View Applicant', element: <ViewApplicantScreen /> },
  // access.md 2.1 lists this route as 'Application (individual view)': the parenthesis tells it from the applicant's
  // /application/{id}/start, it is not a title. The top bar says 'Application', as on the other Application screen.
  { path: '/application/history/:id', name: 'Application', element: <ApplicationHistoryScreen /> },
  { path: '/verification/pending', name: 'Pending Verifications', element: <PendingVerificationsScreen /> },
  {
    path: '/verification/pending/:id',
    name: 'Resolve Pending Verification',
    element: <ResolvePendingScreen />,
  },
  {
    path: '/verification/resolved',
    name: 'Resolved Verifications',
    element: <ResolvedVerificationsScreen />,
  },
  {
    path: '/verification/resolved/:id',
    name: 'Verification view, read-only',
    element: <ResolvedVerificationScreen />,
  },
  { path: '/credit/order', name: 'Order Credit Tokens', element: <OrderCreditsScreen /> },
  { path: '/credit/buy', name: 'Buy Credit', element: <BuyCreditScreen /> },
  {
    path: '/credit/history',
    name: 'Invoices list',
    individualName: 'Receipts',
    element: <CreditHistoryScreen />,
  },
  { path: '/credit/history/:id', name: 'Invoice', element: <InvoiceScreen /> },
  { path: '/account', name: 'Account', element: <AccountScreen /> },
  { path: '/faqs', name: 'FAQS', element: <FaqsScreen /> },
  { path: '/analytics', name: 'Analytics', element: <AnalyticsScreen /> },
  { path: '/countryinfo', name: 'Country Insights', element: <CountryInsightsScreen /> },
  { path: '/countryinfoprompt', name: 'Country Insight prompt', element: <CountryInsightPromptScreen /> },
];

export const publicScreens: Screen[] = [
  { path: '/maintenance', name: 'Maintenance', element: <MaintenanceScreen /> },
  { path: '/login', name: 'Login', element: <LoginScreen /> },
  { path: '/login/:partner', name: 'partner-branded Login', element: <LoginScreen partnerBranded /> },
  { path: '/login/reset/:resetToken?', name: 'ResetPassword', element: <ResetPasswordScreen /> },
  {
    path: '/reset/:resetToken',
    name: 'ResetPassword',
    element: <RedirectKeepingQuery to="/login/reset/:resetToken" />,
  },
  { path: '/login/register/:regToken?', name: 'Register', element: <RegisterScreen />, wide: true },
  {
    path: '/register/:regToken',
    name: 'Register',
    element: <RedirectKeepingQuery to="/login/register/:regToken" />,
  },
  { path: '/unsubscribe', name: 'Unsubscribe', element: <UnsubscribeScreen /> },
  { path: '/BookAMeeting', name: 'BookAMeeting', element: <BookAMeetingScreen /> },
  { path: '/verify/:id', name: 'Verify', element: <PublicResolveScreen />, wide: true },
  { path: '/view/:id', name: 'View Share', element: <ShareViewScreen />, wide: true },
  { path: '/certificate/:code', name: 'Certificate', element: <CertificateCheckScreen /> },
  { path: '*', name: 'Not Found', element: <NotFoundScreen /> },
];

function toRoute(screen: Screen, access: Access): RouteObject {
  const handle: RouteHandle = {
    name: screen.name,
    access,
    individualName: screen.individualName,
    wide: screen.wide,
  };
  // Per route, inside the layout: while a screen's code loads, the shell (or the public frame) stays as it is.
  return {
    path: screen.path,
    element: <Suspense fallback={<ScreenLoading />}>{screen.element}</Suspense>,
    // A screen that fails to render is reported and replaced by 'Oops!' inside the layout, which goes on working.
    errorElement: <ScreenCrash />,
    handle,
  };
}

/**
 * The portal's routes. `recording: false` leaves out the session recording and error reporting (shared/debug), for
 * tests of the screens; the recording has its own.
 */
export function buildRoutes({ recording = true }: { recording?: boolean } = {}): RouteObject[] {
  return [
    {
      element: (
        <>
          {recording && <SessionRecording />}
          <RouteGuard />
        </>
      ),
      // The last resort, should the guard itself fail.
      errorElement: <ScreenCrash />,
      children: [
        // A layout that fails: 'Oops!' on its own; the recording and the guard above go on.
        {
          element: <AppShell />,
          errorElement: <ScreenCrash />,
          children: privateScreens.map((s) => toRoute(s, 'private')),
        },
        {
          element: <PublicLayout />,
          errorElement: <ScreenCrash />,
          children: publicScreens.map((s) => toRoute(s, 'public')),
        },
      ],
    },
  ];
}

function HomeRedirect() {
  const { claims } = useSession();
  return <Navigate to={homePath(claims ?? {})} replace />;
}

/** The short /reset/{token} and /register/{token} links land on the screens under /login. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={generatePath(to, params) + search + hash} replace />;
}
