import type { Mail } from '@shop/platform';

const BRAND = 'ShopKart';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#e11d48;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:12px">${escapeHtml(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="font-size:12px;color:#6b7280;padding-top:24px">You received this mail because someone asked for it on ${BRAND}. If it was not you, ignore it: your password stays the same.</td></tr>
</table></td></tr></table></body></html>`;
}

/** The mail carrying a one-time code for resetting the password. */
export function otpMail(to: string, name: string, code: string, validMinutes: number): Mail {
  const subject = `${BRAND}: your password reset code`;
  const text = [
    `Hello ${name},`,
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
    `<p>Hello ${escapeHtml(name)},</p>
<p>Your password reset code is:</p>
<p style="font-size:30px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>It is valid for ${validMinutes} minutes and can be used once. Never share it with anyone; ${BRAND} staff will never ask for it.</p>`,
  );
  return { to, subject, text, html };
}

/** The mail carrying a link that opens the reset-password page of the web app. */
export function resetLinkMail(to: string, name: string, link: string, validMinutes: number): Mail {
  const subject = `${BRAND}: reset your password`;
  const text = [
    `Hello ${name},`,
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
    `<p>Hello ${escapeHtml(name)},</p>
<p>Click the button to choose a new password.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#e11d48;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">Reset password</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p>The link is valid for ${validMinutes} minutes and works once.</p>`,
  );
  return { to, subject, text, html };
}
