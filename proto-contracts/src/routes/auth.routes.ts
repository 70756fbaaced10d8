/** The auth service's REST routes: accounts, sessions, profile, newsletter, staff's user admin (format: route-manifest.ts). */
import { z } from 'zod';
import {
  addAddressSchema,
  addPhoneSchema,
  adminUsersQuerySchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  resetPasswordWithOtpSchema,
  sendOtpSchema,
  setUserRoleSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '../auth';
import { addressEntrySchema, pinQuerySchema } from '../address-book.schema';
import { MAX_ADDRESSES } from '../address-book';
import { newsletterListQuerySchema, subscribeNewsletterSchema } from '../newsletter';
import { defineRoutes, idParams, ok, okMessage, textQuery, views } from './route-manifest';

const token = z.object({ token: z.string().min(1) });
const userAnswer = ok({ user: views.user });
const phoneParams = z.object({ phone: z.string().min(1) });

export const authManifest = defineRoutes('auth', {
  'POST /register': { access: 'public', summary: 'Create an account (logs in: sets the session cookies)', body: registerSchema, response: ok({ message: z.string(), user: views.user }), status: [201], conflict: 'An account has this email' },
  'POST /login': { access: 'public', summary: 'Log in; sets httpOnly access and refresh cookies', body: loginSchema, response: ok({ message: z.string(), user: views.user }) },
  'POST /logout': { access: 'public', summary: 'Log out; revokes the refresh token on the server', response: okMessage },
  'POST /refresh-token': { access: 'public', summary: 'Rotate the refresh token (cookie) and issue a new access token; 401 without a live refresh token', response: ok() },
  'GET /profile': { access: 'login', summary: 'The logged-in user', response: userAnswer },
  'PUT /profile/update': { access: 'login', summary: 'Update name and avatar (multipart, field avatar); a new email needs currentPassword and is confirmed by a mailed link', body: updateProfileSchema, multipart: true, response: ok(), conflict: 'An account has the new email' },
  'POST /email/confirm/:token': { access: 'public', summary: 'Confirm an email change with the token of the link mailed to the new address', params: token, response: ok(), conflict: 'An account has taken the new email meanwhile' },
  'POST /email/verification': { access: 'login', summary: "Mail a new verification link to the account's email (limited per address and account; 400 when verified already)", response: ok() },
  'POST /email/verify/:token': { access: 'public', summary: "Verify the account's email with the token of the mailed link; opened in that account's logged-in session, also a fresh access token saying so", params: token, response: ok() },
  'POST /addPhone': { access: 'login', summary: 'Add a 10-digit Indian mobile number', body: addPhoneSchema, response: ok() },
  'POST /addAddress': {
    access: 'login',
    summary: "Add an address (6-digit PIN and details): the PIN must exist, and lie in state when one is given (one of the 36); a missing city or state is the PIN directory's",
    body: addAddressSchema,
    response: ok(),
  },
  // Address book and saved phones (decision 0065) and the public PIN lookup (decision 0066)
  'POST /addresses': {
    access: 'login',
    summary: `Save an address-book entry (201: addressId, user); at most ${MAX_ADDRESSES}; 400 for a PIN India Post does not have, one outside the state, a district that is not the PIN's or a city the directory knows only in another state (a missing district is the PIN's)`,
    body: addressEntrySchema,
    response: ok({ addressId: z.string(), user: views.user }),
    status: [201],
  },
  'PUT /addresses/:id': { access: 'login', summary: "Replace one of the caller's saved addresses (same body and checks as POST /addresses); 404 for an id not in the book", params: idParams, body: addressEntrySchema, response: userAnswer },
  'DELETE /addresses/:id': { access: 'login', summary: "Delete one of the caller's saved addresses (the next becomes the default); 404 for an id not in the book", params: idParams, response: userAnswer },
  'POST /addresses/:id/default': { access: 'login', summary: "Make one of the caller's saved addresses the default (moves it first); 404 for an id not in the book", params: idParams, response: userAnswer },
  'DELETE /phones/:phone': { access: 'login', summary: "Delete one of the caller's saved phone numbers; 404 for one not saved", params: phoneParams, response: userAnswer },
  'POST /phones/:phone/default': { access: 'login', summary: "Make one of the caller's saved phone numbers the default (moves it first); 404 for one not saved", params: phoneParams, response: userAnswer },
  'GET /pincode/:pin': {
    access: 'public',
    summary: "Where a 6-digit PIN code is, from India Post's PIN directory: place {pin, city, district, districts, state, states, localities (post-office names, at most 61)}; 404 for a PIN India Post does not have; limited per client address",
    params: pinQuerySchema,
    response: ok({
      place: z.looseObject({
        pin: z.string(),
        city: z.string(),
        district: z.string(),
        districts: z.array(z.string()),
        state: z.string(),
        states: z.array(z.string()),
        localities: z.array(z.string()),
      }),
    }),
  },
  'PUT /password/update': { access: 'login', summary: 'Change the password (needs the current one)', body: updatePasswordSchema, response: ok() },
  'POST /password/forgot': { access: 'public', summary: 'Email a password-reset link', body: forgotPasswordSchema, response: ok() },
  'POST /reset/:token': { access: 'public', summary: 'Set a new password with the emailed link token', params: token, body: resetPasswordSchema, response: ok() },
  'POST /sendOTP': { access: 'public', summary: 'Email a 6-digit reset code (10 minutes, single use)', body: sendOtpSchema, response: ok() },
  'POST /password/reset-otp': { access: 'public', summary: 'Set a new password with the emailed code', body: resetPasswordWithOtpSchema, response: ok() },
  'GET /auth/providers': { access: 'public', summary: 'Sign-in providers the login page offers besides the password (Google when configured; else none)', response: ok() },
  'GET /auth/oidc/start': { access: 'public', summary: 'Google sign-in: redirects the browser to the provider (returnTo: a path of the shop to land on)', query: textQuery('returnTo'), answers: 'redirect' },
  'GET /auth/oidc/callback': { access: 'public', summary: "Google sign-in: the provider's redirect back; sets the session cookies and redirects into the shop, or to /login?oidcError=<reason>", query: textQuery('code', 'state', 'error'), answers: 'redirect' },
  'POST /newsletter': { access: 'public', summary: 'Newsletter sign-up: mails a confirmation link (same answer whether or not subscribed)', body: subscribeNewsletterSchema, response: ok() },
  'GET /newsletter/confirm/:token': { access: 'public', summary: 'Confirm a newsletter sign-up (the link of the confirmation mail)', params: token, response: ok() },
  'GET /newsletter/unsubscribe/:token': { access: 'public', summary: 'End a newsletter subscription (the link of every newsletter mail)', params: token, response: ok() },
  'GET /admin/newsletter': { access: 'admin', summary: 'Newsletter subscribers, 20 a page (status, page)', query: newsletterListQuerySchema, response: ok() },
  'GET /admin/newsletter/export': { access: 'admin', summary: 'Newsletter subscribers as CSV (status)', query: newsletterListQuerySchema, answers: 'csv' },
  'GET /admin/users': {
    access: 'admin',
    summary: 'Find users, newest first: q (any part of a name or email, or phone digits), role, page, pageSize or limit (1–100, 20); totalPages',
    query: adminUsersQuerySchema,
    response: ok({ users: z.array(views.user), totalUsers: z.number().int(), totalPages: z.number().int(), currentPage: z.number().int() }),
  },
  'GET /admin/user/:id': { access: 'admin', summary: 'One user', params: idParams, response: userAnswer },
  'PUT /admin/user/:id': { access: 'admin', summary: "Change a user's role (user, emp, admin)", params: idParams, body: setUserRoleSchema, response: ok() },
  'DELETE /admin/user/:id': { access: 'admin', summary: 'Delete a user', params: idParams, response: ok() },
});
