import type { MailMessage } from '../../../platform/mail.ts';
import { mailHtml } from '../../../platform/mail-html.ts';

/** The mail that confirms a deleted account (sent once the deletion has committed). */
export function accountDeletedMail(input: { to: string; name: string }): MailMessage {
  const intro = `Hi ${input.name}, your Tripcrew account has been deleted, as you asked.`;
  const what =
    'Your profile, picture, crew, wishlist, notifications, receipts and sessions are gone. Messages you sent stay with the people you wrote to, and expenses you share with others stay in their trips, both under "Deleted user".';
  const notYou = 'If you did not do this, reply to this email at once.';
  return {
    to: input.to,
    subject: 'Your Tripcrew account was deleted',
    text: `${intro}\n\n${what}\n\n${notYou}\n`,
    html: mailHtml([intro, what, notYou]),
  };
}
