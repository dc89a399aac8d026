// `node tools/media/explainer-video.mjs`: makes the applicant's explainer video (access 2.7: 'other atids show an
// embedded explainer video') from the slides below. Chromium (playwright-core, CHROMIUM_PATH or /usr/bin/chromium)
// draws each slide at 1280x720; ffmpeg (Debian's `ffmpeg`) fades each in and out and joins them as H.264 MP4 and VP9
// WebM, and takes the first slide as the poster. The captions (WebVTT) say what each slide says, for a viewer with
// the sound off or without sight of it; the video has no sound track. The files go to
// apps/portal/src/features/register/assets/, committed: CI and `npm start` need neither Chromium nor ffmpeg for them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..', '..');
const out = path.join(root, 'apps', 'portal', 'src', 'features', 'register', 'assets');
const SECONDS = 5;
const FADE = 0.5;

/** What the video says, slide by slide: the applicant's way through, in the product's words. */
export const SLIDES = [
  {
    title: 'How your application works',
    text: 'Four steps, a few minutes of yours, and your credentials checked at the source.',
  },
  {
    step: 1,
    title: 'Register',
    text: 'Fill in the form below. We e-mail you a link to finish your free account.',
  },
  {
    step: 2,
    title: 'Add your details',
    text: 'Tell us about the qualifications, employment and identity the organisation asked us to check.',
  },
  {
    step: 3,
    title: 'We verify',
    text: 'We check each credential with the institute or employer that issued it.',
  },
  {
    step: 4,
    title: 'Your results',
    text: 'The organisation sees the results, and you keep them in your I’m Verified Wallet to share again.',
  },
];

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slideHtml({ step, title, text }) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1280px; height: 720px; }
  body { font-family: 'Noto Sans', 'DejaVu Sans', sans-serif; color: #fff; display: flex; flex-direction: column;
    justify-content: center; padding: 0 120px; box-sizing: border-box;
    background: radial-gradient(circle at 85% 10%, #1f6f7d 0, transparent 45%), linear-gradient(135deg, #0f1f45, #1f3a7a); }
  .brand { position: absolute; top: 48px; left: 120px; display: flex; align-items: center; gap: 14px; font-size: 30px; font-weight: 700; }
  .step { font-size: 28px; font-weight: 700; color: #5eead4; letter-spacing: 2px; text-transform: uppercase; margin-bottom: 18px; }
  h1 { font-size: 76px; margin: 0 0 28px; line-height: 1.05; }
  p { font-size: 36px; line-height: 1.4; margin: 0; max-width: 980px; color: #dbe4f5; }
  .dots { position: absolute; bottom: 56px; left: 120px; display: flex; gap: 14px; }
  .dots span { width: 44px; height: 8px; border-radius: 4px; background: rgba(255,255,255,.25); }
  .dots span.on { background: #5eead4; }
</style></head><body>
  <div class="brand"><svg width="40" height="46" viewBox="0 0 24 28" aria-hidden="true"><path d="M12 1 2 5v8c0 6.6 4.3 12.2 10 14 5.7-1.8 10-7.4 10-14V5L12 1z" fill="#fff"/><path d="m7 14 3.5 3.5L17 11" fill="none" stroke="#14b8a6" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>Credence</div>
  ${step ? `<div class="step">Step ${step} of 4</div>` : ''}
  <h1>${escape(title)}</h1>
  <p>${escape(text)}</p>
  <div class="dots">${[1, 2, 3, 4].map((n) => `<span class="${step && n <= step ? 'on' : ''}"></span>`).join('')}</div>
</body></html>`;
}

const stamp = (s) =>
  `00:00:${String(Math.floor(s)).padStart(2, '0')}.${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;

function captions() {
  const cues = SLIDES.map((s, i) => {
    const start = i * SECONDS + 0.2;
    const end = (i + 1) * SECONDS - 0.2;
    const heading = s.step ? `Step ${s.step} of 4: ${s.title}` : s.title;
    return `${i + 1}\n${stamp(start)} --> ${stamp(end)}\n${heading}.\n${s.text}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

const ffmpeg = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

const work = mkdtempSync(path.join(tmpdir(), 'explainer-'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const segments = [];
  for (const [i, slide] of SLIDES.entries()) {
    await page.setContent(slideHtml(slide));
    const png = path.join(work, `slide-${i}.png`);
    await page.screenshot({ path: png });
    const segment = path.join(work, `segment-${i}.mp4`);
    ffmpeg(
      ...['-loop', '1', '-framerate', '25', '-t', String(SECONDS), '-i', png],
      ...['-vf', `fade=t=in:st=0:d=${FADE},fade=t=out:st=${SECONDS - FADE}:d=${FADE},format=yuv420p`],
      ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-tune', 'stillimage', segment],
    );
    segments.push(segment);
    if (i === 0)
      ffmpeg('-i', png, '-vf', 'scale=960:-1', '-q:v', '5', path.join(out, 'explainer-poster.jpg'));
  }
  const list = path.join(work, 'segments.txt');
  writeFileSync(list, segments.map((s) => `file '${s}'`).join('\n'));
  const mp4 = path.join(out, 'explainer.mp4');
  ffmpeg('-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', mp4);
  ffmpeg(
    ...['-i', mp4, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-row-mt', '1', '-deadline', 'good'],
    path.join(out, 'explainer.webm'),
  );
  writeFileSync(path.join(out, 'explainer.vtt'), captions());
  process.stdout.write(`explainer video written to ${path.relative(root, out)}\n`);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
