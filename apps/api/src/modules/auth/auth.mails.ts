import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { MailDeliveryError, type MailMessage, type Mailer } from '../../platform/mail.ts';
import { mailHtml as html } from '../../platform/mail-html.ts';

/** The texts of the account mails: plain text plus a simple HTML twin, and how they are sent. */

export type SendMail = (message: MailMessage) => Promise<void>;

/** Sends an account mail; a delivery failure is logged and becomes a 503 MAIL_UNAVAILABLE. */
export function createMailSender(mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>): SendMail {
  return async (message) => {
    try {
      await mailer.sendMail(message);
    } catch (error) {
      if (error instanceof MailDeliveryError) {
        log.error({ err: error.message, subject: message.subject }, 'mail delivery failed');
        throw new AppError(
          'MAIL_UNAVAILABLE',
          'We could not send the email right now. Please try again in a few minutes.',
          503,
        );
      }
      throw error;
    }
  };
}

export function confirmationMail(input: {
  to: string;
  name: string;
  code: string;
  activationUrl: string;
  minutes: number;
}): MailMessage {
  const intro = `Hi ${input.name}, welcome to Tripcrew!`;
  const howCode = `Your confirmation code: ${input.code}`;
  const howLink = 'Or activate your account with one click:';
  const expiry = `The code and the link expire in ${input.minutes} minutes. If you did not register, ignore this email.`;
  return {
    to: input.to,
    subject: 'Confirm your Tripcrew account',
    text: `${intro}\n\n${howCode}\n\n${howLink}\n${input.activationUrl}\n\n${expiry}\n`,
    html: html([
      intro,
      'Your confirmation code:',
      { code: input.code },
      howLink,
      { link: input.activationUrl, label: 'Activate my account' },
      expiry,
    ]),
  };
}

export function alreadyRegisteredMail(input: {
  to: string;
  name: string;
  loginUrl: string;
  recoveryUrl: string;
}): MailMessage {
  const intro = `Hi ${input.name}, someone (hopefully you) tried to register a Tripcrew account with this email address, but you already have one.`;
  const login = `Sign in: ${input.loginUrl}`;
  const forgot = `Forgot your password? Reset it: ${input.recoveryUrl}`;
  const ignore = 'If it was not you, ignore this email: nothing has changed.';
  return {
    to: input.to,
    subject: 'You already have a Tripcrew account',
    text: `${intro}\n\n${login}\n${forgot}\n\n${ignore}\n`,
    html: html([
      intro,
      { link: input.loginUrl, label: 'Sign in' },
      { link: input.recoveryUrl, label: 'Reset my password' },
      ignore,
    ]),
  };
}

export function recoveryMail(input: {
  to: string;
  name: string;
  code: string;
  resetUrl: string;
  minutes: number;
}): MailMessage {
  const intro = `Hi ${input.name}, we received a request to reset your Tripcrew password.`;
  const howCode = `Your reset code: ${input.code}`;
  const where = `Enter it with your new password at ${input.resetUrl}`;
  const expiry = `The code expires in ${input.minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`;
  return {
    to: input.to,
    subject: 'Your Tripcrew password reset code',
    text: `${intro}\n\n${howCode}\n\n${where}\n\n${expiry}\n`,
    html: html([
      intro,
      'Your reset code:',
      { code: input.code },
      { link: input.resetUrl, label: 'Reset my password' },
      expiry,
    ]),
  };
}
