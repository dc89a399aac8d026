import assert from 'node:assert/strict';
import type { Journey } from '../harness.ts';

/** Every public screen of spec 2.1 and 2.4 to 2.10, its look at desktop and phone width, and an axe check. */
const SCREENS: {
  name: string;
  path: string;
  ready: string;
  setup?: 'choose-organisation' | 'choose-individual';
}[] = [
  { name: 'login', path: '/login', ready: 'Login' },
  {
    name: 'login-expired',
    path: '/login?expired=true',
    ready: 'Your session has expired, please log in again',
  },
  { name: 'login-impersonate', path: '/login?impersonate=carol@globex.test', ready: 'Impersonate' },
  // Access 2.1: the partner-branded login, shown where it is on a developer's machine (elsewhere the portal moves it
  // to the alternative-branded host at start-up).
  { name: 'login-partner', path: '/login/partners', ready: 'In partnership with' },
  { name: 'reset-forgot', path: '/login/reset', ready: 'Reset password' },
  { name: 'reset-new-password', path: '/login/reset/some-token', ready: 'Create new password' },
  { name: 'register-choice', path: '/login/register', ready: 'Register as an organisation' },
  {
    name: 'register-organisation-form',
    path: '/login/register',
    ready: 'Company Name',
    setup: 'choose-organisation',
  },
  {
    name: 'register-individual-form',
    path: '/login/register#register-as-individual',
    ready: 'Phone',
    setup: 'choose-individual',
  },
  {
    name: 'register-applicant',
    path: '/login/register?atid=acme',
    ready: 'Welcome Acme Recruitment Ltd Applicant',
  },
  {
    name: 'register-referral',
    path: '/login/register?referralcode=ACME-REF',
    ready: 'Register as an organisation',
  },
  {
    name: 'register-shareinvite',
    path: '/login/register?shareinvite=1&e=sam%40example.test',
    ready: 'Company Name',
  },
  {
    name: 'register-template-not-found',
    path: '/login/register?atid=no-such-owner',
    ready: 'Organisation not found!',
  },
  {
    name: 'register-referral-not-found',
    path: '/login/register?referralcode=NOPE',
    ready: 'Organisation not found!',
  },
  {
    name: 'register-applications-closed',
    path: '/login/register?atid=globex-closed',
    ready: 'Applications closed',
  },
  {
    name: 'register-bad-link',
    path: '/login/register/not-a-token',
    ready: 'This registration link cannot be used',
  },
  { name: 'unsubscribe', path: '/unsubscribe?appid=42', ready: 'Unsubscribe from reminders' },
  { name: 'book-a-meeting', path: '/BookAMeeting', ready: 'Continue to dashboard' },
  { name: 'maintenance', path: '/maintenance', ready: "We're Temporarily Down For Maintenance!" },
  { name: 'not-found', path: '/no/such/page', ready: 'Page does not exist!' },
];

export const publicScreens: Journey = {
  name: 'public screens look finished at desktop and phone width and pass axe',
  async run({ page, shot, axe }) {
    for (const s of SCREENS) {
      // A fresh document each time: a change of hash alone would keep the previous screen's state.
      await page.goto('about:blank');
      await page.goto(s.path);
      if (s.setup === 'choose-organisation') {
        await page.getByRole('button', { name: 'Continue: Register as an organisation' }).click();
      } else if (s.setup === 'choose-individual') {
        await page.getByRole('button', { name: 'Continue: Register as an individual' }).click();
      }
      await page.getByText(s.ready, { exact: false }).first().waitFor();
      await axe(s.name);
      await shot(s.name);
    }

    // Access 2.7: the applicant's explainer video plays from the portal's own files, under its CSP, with captions.
    await page.goto('/login/register?atid=acme');
    const video = page.getByRole('region', { name: 'How it works' }).locator('video');
    await video.waitFor();
    const played = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<{ src: string; duration: number; cues: number }>((resolve, reject) => {
          const trackElement = v.querySelector('track');
          const track = v.textTracks[0];
          track.mode = 'hidden';
          v.preload = 'auto';
          v.load();
          const started = Date.now();
          const poll = setInterval(() => {
            const cues = track.cues?.length ?? 0;
            if (v.readyState >= 2 && cues > 0) {
              clearInterval(poll);
              resolve({ src: v.currentSrc, duration: v.duration, cues });
            } else if (v.error || trackElement?.readyState === 3 || Date.now() - started > 15_000) {
              clearInterval(poll);
              reject(
                new Error(
                  `the video did not load: video ${v.readyState} ${v.error?.message ?? ''}, captions ${trackElement?.readyState} (${trackElement?.src})`,
                ),
              );
            }
          }, 100);
        }),
    );
    assert.match(played.src, /\/assets\/explainer-[^/]+\.(webm|mp4)$/, 'the video is the portal’s own file');
    assert.ok(played.duration > 20, `the whole explainer is there (${played.duration} s)`);
    assert.equal(played.cues, 5, 'with a caption for each of its five slides');
  },
};
