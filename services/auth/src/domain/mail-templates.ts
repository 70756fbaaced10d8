import type { Mail } from '@shop/platform';

const BRAND = 'ShopKart';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PASSWORD_FOOTER = `You received this mail because someone asked for it on ${BRAND}. If it was not you, ignore it: your password stays the same.`;

function layout(title: string, body: string, footer = escapeHtml(PASSWORD_FOOTER)): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#e11d48;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:12px">${escapeHtml(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="font-size:12px;color:#6b7280;padding-top:24px">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

/*
 * Mails a caller can trigger to an address it has not proven (reset code and link, email-change
 * confirmation, verification link) carry no text a caller chose, not even the account's name:
 * whoever signed up with someone else's address could otherwise write to them in the shop's name.
 */

/** The mail carrying a one-time code for resetting the password. */
export function otpMail(to: string, code: string, validMinutes: number): Mail {
  const subject = `${BRAND}: your password reset code`;
  const text = [
    'Hello,',
    '',
    `Your ${BRAND} password reset code is ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once. Never share it with anyone; ${BRAND} staff will never ask for it.`,
    '',
    `If you did not ask for a code, ignore this mail.`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = layout(
    'Your password reset code',
    `<p>Hello,</p>
<p>Your password reset code is:</p>
<p style="font-size:30px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>It is valid for ${validMinutes} minutes and can be used once. Never share it with anyone; ${BRAND} staff will never ask for it.</p>`,
  );
  return { to, subject, text, html };
}

/** The mail carrying a link that opens the reset-password page of the web app. */
export function resetLinkMail(to: string, link: string, validMinutes: number): Mail {
  const subject = `${BRAND}: reset your password`;
  const text = [
    'Hello,',
    '',
    `Open this link to choose a new ${BRAND} password:`,
    link,
    '',
    `The link is valid for ${validMinutes} minutes and works once.`,
    '',
    `If you did not ask to reset your password, ignore this mail.`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = layout(
    'Reset your password',
    `<p>Hello,</p>
<p>Click the button to choose a new password.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#e11d48;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">Reset password</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>The link is valid for ${validMinutes} minutes and works once.</p>`,
  );
  return { to, subject, text, html };
}

/** To the new address of an email change: the link that makes the change. */
export function confirmEmailMail(to: string, link: string, validHours: number): Mail {
  const subject = `${BRAND}: confirm your new email address`;
  const text = [
    'Hello,',
    '',
    `Open this link to make ${to} the email of your ${BRAND} account:`,
    link,
    '',
    `The link is valid for ${validHours} hours and works once. Until you open it, your account keeps its current email.`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = layout(
    'Confirm your new email address',
    `<p>Hello,</p>
<p>Click the button to make <b>${escapeHtml(to)}</b> the email of your account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#e11d48;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">Confirm email</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>The link is valid for ${validHours} hours and works once. Until you open it, your account keeps its current email.</p>`,
  );
  return { to, subject, text, html };
}

/** To the current address of an email change: a notice, so a change the owner did not make is seen. */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string | undefined): Mail {
  const subject = `${BRAND}: a change of your email address was requested`;
  // An address nobody proved may not be the account owner's: it learns of the change, not its words.
  if (newEmail === undefined) {
    const line = `Someone signed in to the ${BRAND} account of this address asked to change its email. The change happens only when the link sent to the new address is opened. If it was not you, reset your password now: that ends every session of the account.`;
    return { to, subject, text: ['Hello,', '', line, '', `— ${BRAND}`].join('\n'), html: layout('A change of your email address was requested', `<p>Hello,</p>\n<p>${escapeHtml(line)}</p>`) };
  }
  const text = [
    `Hello ${name},`,
    '',
    `Someone signed in to your ${BRAND} account asked to change its email to ${newEmail}. The change happens only when the link sent to that address is opened.`,
    '',
    `If it was not you, reset your password now: that ends every session of your account.`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = layout(
    'A change of your email address was requested',
    `<p>Hello ${escapeHtml(name)},</p>
<p>Someone signed in to your account asked to change its email to <b>${escapeHtml(newEmail)}</b>. The change happens only when the link sent to that address is opened.</p>
<p>If it was not you, reset your password now: that ends every session of your account.</p>`,
  );
  return { to, subject, text, html };
}

/**
 * To an account's address after Google proved it and took the account over from an unverified
 * sign-up: whatever password was set before no longer works.
 */
export function accountTakenOverByGoogleMail(to: string): Mail {
  const subject = `${BRAND}: you signed in with Google`;
  const lines = [
    `Your ${BRAND} account for ${to} was signed in with Google. Its email had never been verified, so the password set when it was made no longer works and every other session of it has ended.`,
    `From now on sign in with Google, or choose a password with "Forgot password".`,
    `If someone else made this account in your name, check its saved addresses and phone numbers.`,
  ];
  const text = ['Hello,', '', ...lines.flatMap((l) => [l, '']), `— ${BRAND}`].join('\n');
  const html = layout('You signed in with Google', `<p>Hello,</p>\n${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}`, escapeHtml(`${BRAND} sent this mail because the account of this address was signed in with Google.`));
  return { to, subject, text, html };
}

/** The link that proves the account's address belongs to its owner (decision 0042). */
export function verifyEmailMail(to: string, link: string, validHours: number): Mail {
  const subject = `${BRAND}: verify your email address`;
  const text = [
    'Hello,',
    '',
    `Open this link to verify that ${to} is the email of your ${BRAND} account:`,
    link,
    '',
    `The link is valid for ${validHours} hours and works once. If you did not make a ${BRAND} account, ignore this mail.`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = layout(
    'Verify your email address',
    `<p>Hello,</p>
<p>Click the button to verify that <b>${escapeHtml(to)}</b> is the email of your account.</p>
${button(link, 'Verify email')}
<p>The link is valid for ${validHours} hours and works once.</p>`,
    escapeHtml(`If you did not make a ${BRAND} account, ignore this mail.`),
  );
  return { to, subject, text, html };
}

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#e11d48;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(label)}</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`;

/** The double opt-in mail: nothing is sent to the address until its owner opens the link. */
export function newsletterConfirmMail(to: string, confirmLink: string, validDays: number): Mail {
  const subject = `${BRAND}: confirm your newsletter subscription`;
  const text = [
    'Hello,',
    '',
    `Someone (hopefully you) asked to receive the ${BRAND} newsletter at this address. Open this link to confirm:`,
    confirmLink,
    '',
    `The link is valid for ${validDays} days. If you did not ask for the newsletter, ignore this mail: you will not hear from us.`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = layout(
    'Confirm your subscription',
    `<p>Hello,</p>
<p>Someone (hopefully you) asked to receive the ${BRAND} newsletter at this address. Confirm to start receiving it.</p>
${button(confirmLink, 'Confirm subscription')}
<p>The link is valid for ${validDays} days.</p>`,
    escapeHtml(`If you did not ask for the ${BRAND} newsletter, ignore this mail: you will not hear from us.`),
  );
  return { to, subject, text, html };
}

/**
 * A newsletter mail: `paragraphs` of news, and always the unsubscribe link that works without
 * logging in. The welcome mail after a confirmation is the first of them.
 */
export function newsletterMail(to: string, subject: string, paragraphs: string[], unsubscribeLink: string): Mail {
  const text = [...paragraphs.flatMap((p) => [p, '']), `To stop receiving the ${BRAND} newsletter, open: ${unsubscribeLink}`, '', `— ${BRAND}`].join('\n');
  const html = layout(
    subject,
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    `You receive this mail because you subscribed to the ${BRAND} newsletter. <a href="${escapeHtml(unsubscribeLink)}" style="color:#6b7280">Unsubscribe</a>`,
  );
  return { to, subject: `${BRAND}: ${subject}`, text, html };
}

export function newsletterWelcomeMail(to: string, unsubscribeLink: string): Mail {
  return newsletterMail(
    to,
    'welcome to our newsletter',
    [
      'Hello,',
      `Your subscription is confirmed. You will hear from us about new arrivals and deals on ${BRAND}, at most once a week.`,
    ],
    unsubscribeLink,
  );
}
