import nodemailer from 'nodemailer';

export interface MailTransport {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** nodemailer over SMTP_URL (docker compose points it at Mailpit). */
export function createSmtpTransport(url: string, from = 'Credence <no-reply@credence.test>'): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
