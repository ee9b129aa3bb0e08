// The email channel: render a notification (or a digest of one game's) for one player, then send
// it by SMTP or drop it in the outbox. No database here: the notification job calls these.

export { renderEmail, type EmailInput, type EmailRecipient, type RenderedEmail } from './render.ts';
export { createMailer, EmailNotSentError, type Mailer, type MailerOptions, type OutgoingEmail, type SentEmail } from './transport.ts';
export { formatDeadline, usableTimeZone } from './deadline.ts';
