/** The e-mails the product sends. Links point at the portal routes of the spec (access.md 2.1). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): RenderedMail['html'] {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:22px 0"><a href="${escape(action.url)}" style="background:#1a2b6d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p><p style="font-size:12px;color:#667">Or open this link: ${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Inter,Segoe UI,Arial,sans-serif;color:#1c2333;background:#f4f6fb;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:10px;padding:28px"><h1 style="font-size:20px;margin:0 0 18px;color:#1a2b6d">${escape(title)}</h1>${body}${button}<p style="font-size:12px;color:#889;margin-top:28px">Credence, credential verification</p></div></body></html>`;
}

/** Paragraphs and at most one action link, as text and as the product's HTML layout. */
export function mail(subject: string, paragraphs: string[], action?: { label: string; url: string }): RenderedMail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', 'Credence'].join('\n\n');
  return { subject, text, html: layout(subject, paragraphs, action) };
}

export const templates = {
  registration: (d: { firstname: string; url: string }) =>
    mail('Complete your Credence registration', [`Hello ${d.firstname},`, 'Thank you for registering with Credence. Please follow the link below to set your password and complete your registration.', 'The link is valid for 7 days.'], { label: 'Complete registration', url: d.url }),
  alreadyRegistered: (d: { firstname: string; loginUrl: string; resetUrl: string }) =>
    mail('You already have a Credence account', [`Hello ${d.firstname},`, 'Someone (hopefully you) tried to register with this e-mail address, which already has an account. You can sign in, or reset your password if you have forgotten it.', `Reset your password: ${d.resetUrl}`], { label: 'Sign in', url: d.loginUrl }),
  teamInvitation: (d: { firstname: string; inviter: string; company: string; url: string }) =>
    mail(`You have been invited to ${d.company} on Credence`, [`Hello ${d.firstname},`, `${d.inviter} has added you to the ${d.company} account on Credence, where your team submits and reviews verification requests.`, 'Please follow the link below to set your password. The link is valid for 7 days.'], { label: 'Accept invitation', url: d.url }),
  applicantInvitation: (d: { firstname: string; company: string; url: string }) =>
    mail(`${d.company} has invited you to verify your credentials`, [`Hello ${d.firstname},`, `${d.company} uses Credence to verify the credentials of its applicants. Please register and complete your application.`], { label: 'Register', url: d.url }),
  applicantInvitationExisting: (d: { firstname: string; company: string; url: string }) =>
    mail(`${d.company} has invited you to verify your credentials`, [`Hello ${d.firstname},`, `${d.company} uses Credence to verify the credentials of its applicants. An application to ${d.company} is waiting for you: sign in to complete it. You can include verifications already in your wallet.`], { label: 'Sign in', url: d.url }),
  passwordReset: (d: { firstname: string; url: string }) =>
    mail('Reset your Credence password', [`Hello ${d.firstname},`, 'We received a request to reset your password. Follow the link below within one hour to choose a new one. If you did not ask for this, you can ignore this e-mail.'], { label: 'Reset password', url: d.url }),
  instituteRequested: (d: { requester: string; company: string; name: string; country: string; details: string }) =>
    mail('New institute requested', [`${d.requester} (${d.company}) asked for an institute to be added.`, `Name: ${d.name}`, `Country: ${d.country}`, `Details: ${d.details}`]),
  creditOrdered: (d: { name: string; email: string; org: string; department: string | null; toBuy: number; company: string }) =>
    mail(`Credit order from ${d.company}`, [`${d.name} (${d.email}) of ${d.org}${d.department ? `, ${d.department}` : ''} would like to buy ${d.toBuy} credits for the ${d.company} account.`, 'Please contact them to arrange the purchase.']),
} satisfies Record<string, (data: never) => RenderedMail>;

export type TemplateName = keyof typeof templates;
export type TemplateData<T extends TemplateName> = Parameters<(typeof templates)[T]>[0];
